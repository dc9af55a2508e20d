/**
 * The embedded database's native module, as a build left it. A module compiled with Node
 * headers from 24.19.0 on calls `node::RemoveEnvironmentCleanupHook` from every
 * `node::ObjectWrap` destructor, and the process aborts when V8 collects a statement outside a
 * JavaScript context (docs/decisions/036-native-module-built-on-node-24-18-1.md).
 */
export const EMBEDDED_DATABASE_MODULE = "better-sqlite3/build/Release/better_sqlite3.node";
/** The import a module compiled with the aborting `ObjectWrap` carries; other builds lack it. */
export const ABORTING_OBJECT_WRAP_IMPORT = "RemoveEnvironmentCleanupHook";
