/** What every 4xx must look like: JSON { message, field? } with a French message, not a framework's English. */

/** Openings of Fastify's, Ajv's, Node's and plugins' own English messages. */
const ENGLISH =
  /^(Bad Request|Unauthorized|Forbidden|Not Found|Method Not Allowed|Not Acceptable|Request Timeout|Conflict|Payload Too Large|Request Entity Too Large|URI Too Long|Unsupported Media Type|Unprocessable|Too Many Requests|Request Header Fields Too Large|Internal Server Error|Service Unavailable|(body|querystring|params|headers)\/? ?must|must |Body is not valid|Body cannot be empty|Request body|Rate limit exceeded|Route |Cannot |Invalid |Unexpected |.* is not a valid url component|.* is exceeding the max param length|the request is not multipart|Multipart: )/i

/** At least one accented letter, French typography, or a common French word standing alone. */
const FRENCH =
  /[àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊÎÔÙÛ’«»]|\b(le|la|les|de|des|du|un|une|est|doit|pas|vous|votre|ce|cette|ou|et|au|aux|trop|champ|adresse|requête|corps|fichier|introuvable|invalide|réessayez|connectez)\b/i

export interface Answer {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

/** Null when a 4xx answer is well formed; otherwise what is wrong with it. */
export function clientErrorProblem(answer: Answer, method: string): string | null {
  const type = String(answer.headers['content-type'] ?? '')
  if (!/^application\/json(;|$)/i.test(type)) return `content-type is ${JSON.stringify(type)}, not JSON`
  // A HEAD answer carries the GET's headers without its body.
  if (method === 'HEAD') return null
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    return 'body is not JSON'
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'body is not an object'
  const body = parsed as Record<string, unknown>
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'field' && k !== 'fields')
  if (extra.length > 0) return `unexpected keys ${extra.join(', ')}`
  if (typeof body.message !== 'string' || body.message.trim() === '')
    return 'message is not a non-empty string'
  if ('field' in body && typeof body.field !== 'string') return 'field is not a string'
  if ('fields' in body) {
    const fields = body.fields
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
      return 'fields is not an object'
    const texts = Object.values(fields)
    if (texts.some((text) => typeof text !== 'string' || text.trim() === '' || ENGLISH.test(text)))
      return `fields holds a text that is not a French message: ${JSON.stringify(fields).slice(0, 120)}`
  }
  if (ENGLISH.test(body.message)) return `message is the framework's English: ${body.message.slice(0, 120)}`
  if (!FRENCH.test(body.message)) return `message does not read as French: ${body.message.slice(0, 120)}`
  return null
}
