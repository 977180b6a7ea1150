const XML_SPECIAL = /[&<>"]/
const XML_SPECIAL_ALL = /[&<>"]/g
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** Text or attribute value escaped for XML (the caller has already removed XML-illegal characters). */
export function xmlEscape(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => ENTITIES[c]) : text
}

/** `<t>` element of an inline string; leading or trailing blanks need xml:space="preserve" to survive. */
export function xmlTextElement(text: string): string {
  const first = text.charCodeAt(0)
  const last = text.charCodeAt(text.length - 1)
  const blankEdge = first <= 32 || last <= 32 || first === 160 || last === 160
  return blankEdge ? `<t xml:space="preserve">${xmlEscape(text)}</t>` : `<t>${xmlEscape(text)}</t>`
}
