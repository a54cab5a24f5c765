/** Cuts the fixture catalogue once, before the test files start in parallel. */
import { prepareFixture } from './fixture-catalogue'

export default function setup(): void {
  prepareFixture()
}
