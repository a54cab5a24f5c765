/**
 * `npm start`, the composition root: reads the configuration (see config.ts and the README) and
 * runs the service (service.ts). Configuration mistakes stop it before anything else: the service's
 * modules load only once the configuration is known to be good, so that a mistake is reported at
 * once rather than after the service's code has loaded.
 */
import { readConfigOrExit } from './config'

const config = readConfigOrExit(process.env)
// Not awaited at the top level, so the bundle can be a script whose compiled code V8 can cache
// (src/start.mjs); a failure still ends the process, as an unhandled rejection.
void import('./service').then(({ runService }) => runService(config))
