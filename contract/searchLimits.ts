/**
 * The partner search's limits, shared by the server (which refuses more with a 400) and the app (whose search
 * field cannot take more). No TypeBox here, so the browser bundle can import it.
 */
export const SEARCH_NAME_MAX_LENGTH = 200
