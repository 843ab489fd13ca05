// Text and attribute values for the SVG the app writes (the drawing's export, a plot's): escaped, and free of characters
// XML 1.0 cannot hold.

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '\ufffd'); // characters XML 1.0 cannot hold
}
