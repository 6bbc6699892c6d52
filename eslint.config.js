import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import storybook from 'eslint-plugin-storybook'
import globals from 'globals'

/** An import of one of `folders` (a regex alternation), relative (climbing out with ../) or through the @/ alias. */
const layerImport = (folders) => `^(?:(?:\\.\\./)+|@/)(?:${folders})(?:/|$)`

/** no-restricted-imports' options: the whole tree's rule plus a layer's patterns (a later config replaces, not merges). */
const restrictedImports = (...patterns) => [
  'error',
  {
    paths: [{ name: 'react-router-dom', message: "Importer depuis 'react-router'." }],
    ...(patterns.length > 0 ? { patterns } : {}),
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'data',
      'node_modules',
      '.storybook/public/mockServiceWorker.js',
      'test-results',
      'playwright-report',
      // The prerender's Node build, made inside the project while `vite build` runs (scripts/prerender.ts):
      // `npm test` lints while the journeys' build runs.
      '.prerender-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrictedImports(),
    },
  },
  // The hooks rules run the React Compiler over each file they see (about two thirds of the lint's time): only
  // where React code lives, not over the server, the journeys, the benchmarks' drivers or the scripts.
  {
    files: ['**/*.tsx', 'src/**', 'app/**', 'stories/**', '.storybook/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import layers (ARCHITECTURE.md): design-system -> nothing app-specific; the rest of src/ -> no screens;
  // screens -> design-system, api, session and the small support modules; app -> all; server -> contract only.
  {
    files: ['src/design-system/**'],
    rules: {
      'no-restricted-imports': restrictedImports(
        {
          regex: layerImport(
            '(?:src/)?(?:api|session|notifications|screens|location|maps|navigation|pageTitle|links)|app|contract|mocks',
          ),
          message:
            "Le design system ne dépend d'aucun module de l'application : passer les données et les rappels en props.",
        },
        { group: ['swr', 'swr/*'], message: 'Le design system ne fait aucune requête.' },
      ),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Le design system ne fait aucune requête : passer les données en props.' },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/design-system/**', 'src/screens/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        regex: layerImport('(?:src/)?screens|app|mocks|stories'),
        message: "Seuls les écrans et l'application composent les écrans.",
      }),
    },
  },
  {
    files: ['src/screens/**'],
    rules: {
      'no-restricted-imports': restrictedImports({
        regex: layerImport('app|mocks|stories'),
        message: "Un écran ne dépend pas de l'application (routes, fournisseurs) ni des mocks.",
      }),
    },
  },
  // Colours come from the theme (src/design-system/theme/theme.ts), where each has a role and the Fondations
  // pages show it with its contrast: a hex colour anywhere else in src/ is a colour no token stands for.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/design-system/theme/theme.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/#[0-9a-fA-F]{3,8}\\b/]', 'TemplateElement[value.raw=/#[0-9a-fA-F]{3,8}\\b/]'].map(
          (selector) => ({
            selector,
            message:
              'Couleur en dur : utiliser un jeton du thème (theme.colors…), ou en ajouter un avec son rôle.',
          }),
        ),
        // The theme is one object, read where the styles are written: a function interpolation makes the
        // component's CSS re-flattened and re-hashed at each render of each instance.
        {
          selector:
            "TaggedTemplateExpression ArrowFunctionExpression > ObjectPattern > Property[key.name='theme']",
          message:
            'Lire le thème importé (${theme.colors…}), pas ({ theme }) => … : une fonction refait le CSS du composant à chaque rendu.',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({
        regex: layerImport('src|app|mocks|stories|e2e|\\.storybook'),
        message: 'Le serveur ne dépend pas du client.',
      }),
    },
  },
  ...storybook.configs['flat/recommended'],
)
