/**
 * Loaded with `node --import` in the server and script processes the tests start (childNode in
 * child-node.ts): resolves the repository's '@/…' alias (tsconfig.json's paths) in the process's own thread.
 * Node strips the types itself (the code is erasable-syntax only, tsconfig.json's erasableSyntaxOnly).
 */
import { registerHooks } from 'node:module'

const root = new URL('../../', import.meta.url).href

registerHooks({
  resolve: (specifier, context, nextResolve) =>
    nextResolve(specifier.startsWith('@/') ? root + specifier.slice(2) : specifier, context),
})
