/**
 * Work done once before the test files start in parallel: cutting the fixture catalogue, and,
 * without a system Chromium, unpacking the packaged one (two files unpacking it at once would race).
 */
import { chooseChromium } from '../e2e/support/chromium'
import { prepareFixture } from './fixture-catalogue'

export default async function setup(): Promise<void> {
  prepareFixture()
  await chooseChromium()
}
