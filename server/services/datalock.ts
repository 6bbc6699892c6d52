import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/**
 * One process at a time on an embedded store: two PGlite instances on one folder corrupt it, and a backup
 * or restore must not run under a live server. The holder's pid is kept in DATA_DIR/server.pid; a file
 * left by a process that died (SIGKILL, power cut) is stale and taken over.
 */
export function lockFile(dataDir: string): string {
  return join(dataDir, 'server.pid')
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A recycled pid (after a reboot or in a new container) belongs to something else than node.
  const cmdline = `/proc/${pid}/cmdline`
  return !existsSync(cmdline) || /node/.test(readFileSync(cmdline, 'utf8'))
}

/** The pid of the live process holding DATA_DIR, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = lockFile(dataDir)
  if (!existsSync(file)) return null
  const pid = Number(readFileSync(file, 'utf8').trim())
  return isAlive(pid) ? pid : null
}

export class DataDirBusyError extends Error {}

/** Takes DATA_DIR for this process; returns the release function. Throws DataDirBusyError if taken. */
export function acquireDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file)
        } catch {
          // Already gone: nothing to release.
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = dataDirHolder(dataDir)
      if (holder !== null) {
        throw new DataDirBusyError(
          `Le dossier de données ${dataDir} est utilisé par le processus ${holder} (serveur en marche ?) : arrêtez-le d’abord.`,
        )
      }
      unlinkSync(file)
    }
  }
  throw new DataDirBusyError(`Impossible de prendre le dossier de données ${dataDir}.`)
}
