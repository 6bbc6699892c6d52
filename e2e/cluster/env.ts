/** What the cluster's global setup (./setup.ts) hands to the journey, through the environment. */
import type { NginxAccessLine } from '@/scripts/cluster/index.ts'

export const clusterEnvKeys = {
  /** Temp folder of the run (client build), made by the config, removed by the teardown. */
  dir: 'CLUSTER_E2E_DIR',
  /** nginx in front of the instances. */
  url: 'CLUSTER_E2E_URL',
  /** JSON [{ name, url, port }], instance A first. */
  instances: 'CLUSTER_E2E_INSTANCES',
  /** Loopback endpoint of the runner process that reads the harness for the worker. */
  control: 'CLUSTER_E2E_CONTROL',
} as const

export interface ClusterInstanceInfo {
  name: string
  url: string
  port: number
}

function required(key: string): string {
  const value = process.env[key]
  if (!value) throw new Error(`${key} absent : la mise en place de la grappe n’a pas tourné`)
  return value
}

export function clusterUrl(): string {
  return required(clusterEnvKeys.url)
}

export function clusterInstances(): ClusterInstanceInfo[] {
  return JSON.parse(required(clusterEnvKeys.instances)) as ClusterInstanceInfo[]
}

async function control<T>(path: string): Promise<T> {
  const response = await fetch(required(clusterEnvKeys.control) + path)
  if (!response.ok) throw new Error(`${path} : ${response.status}`)
  return (await response.json()) as T
}

/** nginx's access log so far, as the harness parses it. */
export const clusterAccessLog = () => control<NginxAccessLine[]>('/nginx-access')

/** The last lines of each instance's output, by instance name. */
export const clusterLogs = () => control<Record<string, string>>('/logs')
