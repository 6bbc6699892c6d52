/**
 * The one rule for a Material Design Icons name (a category's icon, GET /api/icons/{name}): lower-case words
 * joined by single hyphens. No TypeBox here, so the browser bundle can use it too.
 */
export const ICON_NAME_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$'
/** Longer than any name of the set (the longest has 42 characters), short enough for a database column. */
export const ICON_NAME_MAX_LENGTH = 64

const iconName = new RegExp(ICON_NAME_PATTERN)

export function isIconName(name: string): boolean {
  return name.length <= ICON_NAME_MAX_LENGTH && iconName.test(name)
}
