/**
 * Module state that must outlive a development rebuild (remix-serve re-imports the server
 * build on every change): one value per name for the life of the process, as the Indie
 * Stack keeps it.
 */
export function singleton<Value>(name: string, create: () => Value): Value {
  const registry = globalThis as unknown as { __singletons?: Map<string, unknown> };
  registry.__singletons ??= new Map();
  if (!registry.__singletons.has(name)) registry.__singletons.set(name, create());
  return registry.__singletons.get(name) as Value;
}
