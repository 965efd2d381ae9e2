const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML bodies and attributes. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A link drawn as the product's button. */
export function mailButton(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="background:#2b6cb0;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a>`;
}

/** Wraps an already-escaped HTML fragment in the product's simple mail layout. */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;background:#f7fafc;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<h2 style="margin-top:0">${escapeHtml(title)}</h2>
${bodyHtml}
<p style="color:#718096;font-size:12px;margin-top:32px">LimoDirectory, the nationwide directory of limousine and chauffeur companies.</p>
</div></body></html>`;
}
