import { http, type DefaultBodyType, type HttpHandler, type HttpResponseResolver } from 'msw'
import type { AnyReply, Body, Params } from '@/contract/api.ts'
import { calls, type CallName } from '@/contract/calls.ts'

type ParamsOf<Name extends CallName> =
  Params<Name> extends undefined ? Record<string, never> : { [Key in keyof Params<Name>]: string }

type RequestBodyOf<Name extends CallName> = Body<Name> extends undefined ? DefaultBodyType : Body<Name>

/**
 * An msw handler for one call of the API table (contract/api.ts), on its method and path: the resolver's
 * `params` and `request.json()` are typed from the call, and its `HttpResponse.json(...)` must be one of the
 * call's answers (a success body or `{ message }`), so a mock that drifts from the server fails to typecheck.
 */
export function mockApi<Name extends CallName>(
  name: Name,
  resolver: HttpResponseResolver<ParamsOf<Name>, RequestBodyOf<Name>, AnyReply<Name>>,
): HttpHandler {
  const { method, path } = calls[name]
  const register = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete }[method]
  return register<ParamsOf<Name>, RequestBodyOf<Name>, AnyReply<Name>>(path, resolver)
}
