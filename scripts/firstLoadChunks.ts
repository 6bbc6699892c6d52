import type { Plugin } from 'vite'

/**
 * Small modules without a library of their own that several signed-in screens load first: each was a file of
 * its own (Find's first load had 17, 10 of them under 3 KB).
 */
const screenBasics = new RegExp(
  [
    String.raw`/src/design-system/components/(Badge|CategoryIcon|Chip|EmptyState|LoadingBar|ResponsiveImage|StatusChip|VisuallyHidden|SkeletonRows|Card|FavoriteToggle|StarRating|PageHeader)/`,
    String.raw`/contract/images\.ts$`,
    String.raw`/src/screens/public/formatDistance\.ts$`,
    String.raw`/src/location/distance\.ts$`,
    String.raw`/src/links/`,
    String.raw`/src/api/(partners/getCategories|users/getMyUsedOffers|articles/getArticles)\.ts$`,
  ].join('|'),
)

/**
 * Fewer, larger chunks on a page's first load. Left to itself, Rolldown gives every set of modules shared by a
 * different set of screens a chunk of its own, and splits what the entry shares with the screens it loads later
 * into chunks too (rolldown#10731: Vite's HTML entry is a module that only imports app/main.tsx, so no chunk
 * "owns" them): the start-up code came in 16 files, 13 of them under 10 KB, and /login's first load in 28.
 * A phone pays for each file on its main thread (a request, its response, a compile, module-map tasks) on top
 * of its code: with the groups below, /login loads 5 files and does about a third less main-thread work
 * (BENCHMARKS.md), for the same bytes.
 *
 * The groups, the highest priority first:
 * - `start`: what the entry imports statically (Rolldown's `$initial` tag: what tree-shaking keeps of it, so no
 *   screen's code moves to the start-up), in the entry's chunk;
 * - `form-basics`: the small modules the forms share with screens without a form;
 * - `forms`: the form helpers and fields with final-form, for every screen with a form;
 * - `auth`: what the sign-in, sign-up and password screens share (their layout, rules, legal links);
 * - `screen-basics`: small modules without a library of their own that the signed-in screens share.
 * The screens' own modules (the routes' dynamic imports) keep chunks of their own: the prerender finds each
 * route's chunks by them (scripts/prerender.ts). The rest keeps Rolldown's splitting: a group of every
 * design-system component pulled libraries (dialogs, final-form) into screens that do not use them.
 */
export function firstLoadChunks(): Plugin {
  /** The targets of dynamic imports: each keeps a chunk of its own. */
  const ownChunks = new Set<string>()
  const shared = (id: string) => !ownChunks.has(id)
  return {
    name: 'partenaires:first-load-chunks',
    apply: 'build',
    // The browser's build only: the prerender's Node build (app/prerender/render.tsx) is one file.
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      ownChunks.clear()
      for (const id of this.getModuleIds()) {
        for (const dynamic of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) ownChunks.add(dynamic)
      }
    },
    outputOptions(outputOptions) {
      return {
        ...outputOptions,
        codeSplitting: {
          groups: [
            { name: 'start', priority: 5, tags: ['$initial'] },
            // Small modules the forms share with screens without a form (Babel's helpers with several
            // libraries, the text field with Find, the alert with most screens): a chunk of their own keeps
            // final-form off those screens.
            {
              name: 'form-basics',
              priority: 4,
              test: /\/node_modules\/@babel\/runtime\/|\/src\/design-system\/components\/(TextField|Alert)\//,
            },
            {
              name: 'forms',
              priority: 3,
              test: (id: string) =>
                shared(id) &&
                /\/src\/screens\/forms\/|\/src\/design-system\/components\/(PasswordField|DateField)\/|\/node_modules\/(final-form|react-final-form)\//.test(
                  id,
                ),
            },
            {
              name: 'auth',
              priority: 2,
              test: (id: string) => shared(id) && /\/src\/screens\/(auth|legal)\//.test(id),
            },
            {
              name: 'screen-basics',
              priority: 1,
              test: (id: string) => shared(id) && screenBasics.test(id),
            },
          ],
        },
      }
    },
  }
}
