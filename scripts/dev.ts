/**
 * `npm run dev`: the API with reload on change (port API_PORT, default 3001) and the app with Vite's hot
 * reload on PORT (default 3000), which proxies /api to the API.
 */
import { spawn, type ChildProcess } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const appPort = process.env.PORT ?? '3000'
const children: ChildProcess[] = []

function start(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  child.on('exit', (code) => {
    // One half without the other is no dev server: stop both.
    for (const other of children) if (other !== child) other.kill('SIGTERM')
    process.exit(code ?? 0)
  })
  children.push(child)
}

start('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  SERVE_CLIENT: '0',
})
start('npx', ['vite', '--port', appPort, '--strictPort'], { API_PORT: apiPort })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal)
  })
}
