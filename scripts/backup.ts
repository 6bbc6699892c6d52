/** `npm run backup [-- fichier]`: see scripts/backupCommand.ts (the tests run it in their own process too). */
import { runBackup } from './backupCommand.ts'

const status = await runBackup({
  env: process.env,
  args: process.argv.slice(2),
  out: console.log,
  err: console.error,
})
if (status !== 0) process.exit(status)
