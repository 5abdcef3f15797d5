/**
 * The one side-effect module of @portico/core: tsyringe needs the Reflect
 * metadata polyfill loaded before it is imported. Only `di/container.ts`
 * imports this file (package.json lists it in `sideEffects`). It defines
 * `Reflect.getMetadata` & co. on the global `Reflect` object and touches no
 * window, document, storage or network.
 */
import 'reflect-metadata'
