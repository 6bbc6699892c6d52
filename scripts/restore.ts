/** `npm run restore -- fichier [--force]`: see scripts/restoreCommand.ts (the tests run it in their own process too). */
import { runRestore } from './restoreCommand.ts'

const status = await runRestore({
  env: process.env,
  args: process.argv.slice(2),
  out: console.log,
  err: console.error,
})
if (status !== 0) process.exit(status)
