const XML_SPECIAL = /[&<>"]/
const XML_SPECIAL_ALL = /[&<>"]/g
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

/** A new global pattern of the characters `xmlEscape` replaces, to search a text for them (./plain-spans.ts). */
export function xmlSpecialPattern(): RegExp {
  return new RegExp(XML_SPECIAL.source, 'g')
}

/** Text or attribute value escaped for XML (the caller has already removed XML-illegal characters). */
export function xmlEscape(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => ENTITIES[c]) : text
}

/** True when a text starts or ends with a blank, which an inline string keeps only with xml:space="preserve". */
export function blankEdge(text: string): boolean {
  const first = text.charCodeAt(0)
  const last = text.charCodeAt(text.length - 1)
  return first <= 32 || last <= 32 || first === 160 || last === 160
}
