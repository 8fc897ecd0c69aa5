/**
 * Placeholders in automatic texts (greetings, farewells, bot menus, ratings, transfer messages,
 * schedules): {{name}} is the contact's name; callers may add their own ({{queue}}, {{user}}).
 * An unknown placeholder stays as written, so a typo shows instead of vanishing.
 */
export function fillTemplate(body: string, contactName: string, extra: Record<string, string> = {}): string {
  const vars: Record<string, string> = { name: contactName, ...extra }
  return body.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (Object.hasOwn(vars, key) ? vars[key] : whole))
}
