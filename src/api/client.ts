import type { Api, Body, Params, Query, Reply } from '@/contract/api.ts'
import { calls, fillPath, type CallName } from '@/contract/calls.ts'
import { bearerAuthorization, OFFLINE_WALLET_HEADER } from '@/contract/offlineWallet.ts'
import { readStoredUser } from '../session/storage.ts'
import { takeEarlySearch } from './earlySearch.ts'

/** The one error type of every failed call: the HTTP status and the server's French `message`. */
export class ApiError extends Error {
  readonly status: number
  readonly field: string | undefined
  /** Per field in cause (JSON path), the short French text a form shows under it. */
  readonly fields: Readonly<Record<string, string>> | undefined
  /** The screen shows this error in place (with its own retry): no toast on top of it. */
  shownByCaller = false
  /** The answer's JSON as sent (a 412's etag, modifiedBy, modifiedAt). */
  readonly payload: unknown
  constructor(
    status: number,
    message: string,
    field?: string,
    fields?: Record<string, string>,
    payload?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.field = field
    this.fields = fields
    this.payload = payload
  }
}

/** The ETag each answer came with, by the object it was parsed into (see `etagOf`). */
const etags = new WeakMap<object, string>()

/**
 * The `ETag` the answer `data` came with (a partner, user or article read or saved by an administrator), to
 * send back as `ifMatch` when saving it; null when it came without one.
 */
export function etagOf(data: object | null | undefined): string | null {
  return (data && etags.get(data)) ?? null
}

/** Shown when a failed response carries no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.'
export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion.'

type ApiErrorListener = (error: ApiError) => void
const listeners = new Set<ApiErrorListener>()

/**
 * The app's providers subscribe here to show the error toast and to log out on 401; the client itself
 * neither renders nor navigates.
 */
export function subscribeToApiErrors(listener: ApiErrorListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Tells the listeners of an error its call kept `silent`: a request the app starts before its first render,
 * when nothing listens yet, reports its failure once the providers have subscribed.
 */
export function announceApiError(error: ApiError): void {
  for (const listener of listeners) listener(error)
}

/**
 * Whether the last call reached the server. navigator.onLine alone is not enough: it stays true on a network
 * that goes nowhere (captive portal, dead Wi-Fi), and some browsers report true again in a page loaded from
 * the service worker while offline.
 */
let serverUnreachable = false
const reachabilityListeners = new Set<() => void>()

function setServerUnreachable(value: boolean): void {
  if (value === serverUnreachable) return
  serverUnreachable = value
  for (const listener of reachabilityListeners) listener()
}

export function isServerUnreachable(): boolean {
  return serverUnreachable
}

export function subscribeToReachability(listener: () => void): () => void {
  reachabilityListeners.add(listener)
  return () => reachabilityListeners.delete(listener)
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  query?: Record<string, string | number | undefined | null>
  signal?: AbortSignal
  /** Skip the global error listeners: the caller shows its own message (the anonymous auth screens). */
  silent?: boolean
  /**
   * Errors the screen shows in place (all of them, these statuses, e.g. 404 as the not-found page, or
   * 'fields': those naming fields, which a form shows under them): the listeners still hear them (a 401 still
   * signs out) but know not to add a toast.
   */
  shownByCaller?: boolean | readonly number[] | 'fields'
  /** 'blob': the answer is a file (a CSV export), resolved as a Blob rather than parsed as JSON. */
  responseType?: 'json' | 'blob'
  /**
   * The page's HTML may already have sent this very request (Find's first search, src/api/earlySearch.ts): its
   * answer is read as this call's when the address and the token are the same.
   */
  early?: boolean
  /**
   * Sent as `If-Match`: the ETag of the version being saved, so the server refuses the save with 412 when
   * someone changed it since (the forms show that themselves, as they do the errors naming fields).
   */
  ifMatch?: string | null
}

const isShownByCaller = (error: ApiError, shownByCaller: RequestOptions['shownByCaller']) =>
  shownByCaller === true ||
  (shownByCaller === 'fields' && (error.fields !== undefined || error.status === 412)) ||
  (Array.isArray(shownByCaller) && shownByCaller.includes(error.status))

const isTextRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((text) => typeof text === 'string')

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/** Calls the API with the bearer token of the signed-in user; resolves the parsed JSON or throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
  }
  const token = readStoredUser()?.access_token
  if (token) headers.Authorization = bearerAuthorization(token)
  if (options.ifMatch) headers['If-Match'] = options.ifMatch

  let body: BodyInit | undefined
  if (options.body instanceof FormData) body = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.body)
  }

  const url = buildUrl(path, options.query)
  const early = options.early ? takeEarlySearch(url, token) : undefined
  let response: Response
  try {
    response = await (early ??
      fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: options.signal,
      }))
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    setServerUnreachable(true)
    throw report(new ApiError(0, NETWORK_ERROR_MESSAGE), options)
  }
  // An answer the service worker read from the offline wallet: the server was not reached.
  setServerUnreachable(response.headers.has(OFFLINE_WALLET_HEADER))

  if (!response.ok) {
    let message = GENERIC_ERROR_MESSAGE
    let field: string | undefined
    let fields: Record<string, string> | undefined
    let payload: { message?: unknown; field?: unknown; fields?: unknown } | undefined
    try {
      payload = (await response.json()) as typeof payload
      if (typeof payload?.message === 'string' && payload.message) message = payload.message
      if (typeof payload?.field === 'string') field = payload.field
      if (isTextRecord(payload?.fields)) fields = payload.fields
    } catch {
      // A body that is not JSON keeps the generic message.
    }
    throw report(new ApiError(response.status, message, field, fields, payload), options)
  }

  if (response.status === 204) return undefined as T
  if (options.responseType === 'blob') return (await response.blob()) as T
  const text = await response.text()
  const data: unknown = text ? JSON.parse(text) : undefined
  const etag = response.headers.get('etag')
  if (etag && typeof data === 'object' && data !== null) etags.set(data, etag)
  return data as T
}

function report(error: ApiError, { silent, shownByCaller }: RequestOptions): ApiError {
  error.shownByCaller = isShownByCaller(error, shownByCaller)
  if (!silent) for (const listener of listeners) listener(error)
  return error
}

export const apiGet = <T>(
  path: string,
  query?: RequestOptions['query'],
  options?: Pick<RequestOptions, 'shownByCaller'>,
) => apiRequest<T>(path, { ...options, query })

/** What a call of the API table takes: its path parameters (ids as numbers or as read from an address), its query, its body. */
export type CallInput<Name extends CallName> = (Params<Name> extends undefined
  ? unknown
  : { params: { [Key in keyof Params<Name>]: string | number } }) &
  (Query<Name> extends undefined ? unknown : { query: Query<Name> }) &
  (Api[Name] extends { upload: true }
    ? { body: FormData }
    : Body<Name> extends undefined
      ? unknown
      : { body: Body<Name> })

type CallOptions = Pick<RequestOptions, 'signal' | 'silent' | 'shownByCaller' | 'early' | 'ifMatch'>

/** Whether a call needs an input at all: `callApi('listCities')` then reads as it should. */
type CallArgs<Name extends CallName> =
  Partial<CallInput<Name>> extends CallInput<Name>
    ? [input?: CallInput<Name>, options?: CallOptions]
    : [input: CallInput<Name>, options?: CallOptions]

/**
 * Makes one call of the API table (contract/api.ts): method and path from the table, request and answer types
 * from its schemas, so a call and its answer cannot drift from what the server and the mocks speak.
 */
export function callApi<Name extends CallName>(
  name: Name,
  ...[input, options]: CallArgs<Name>
): Promise<Reply<Name>> {
  const { method, path } = calls[name]
  const given = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown }
  return apiRequest<Reply<Name>>(fillPath(path, given.params), {
    ...options,
    method,
    query: given.query as RequestOptions['query'],
    body: given.body,
  })
}

/** The options of a form's save: the errors naming fields show under them, not in the toast. */
export const inForm = { shownByCaller: 'fields' } as const satisfies CallOptions

/** The calls whose answer is a file to download (`download: true` in the API table). */
export type DownloadName = {
  [Name in CallName]: Api[Name] extends { download: true } ? Name : never
}[CallName]

/**
 * Makes a download call of the API table with the signed-in user's token and resolves the file as a Blob;
 * `query` is the call's own (an export's list filters).
 */
export function downloadApi<Name extends DownloadName>(
  name: Name,
  options?: CallOptions & { query?: Query<Name> },
): Promise<Blob> {
  const { method, path } = calls[name]
  const { query, ...rest } = options ?? {}
  return apiRequest<Blob>(path, {
    ...rest,
    method,
    query: query as RequestOptions['query'],
    responseType: 'blob',
  })
}
