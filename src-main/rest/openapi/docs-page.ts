/**
 * A human-readable reference rendered from the OpenAPI document on the server: plain HTML with
 * inline styles, no scripts and nothing loaded from other hosts, so it works offline.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const escape = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Minimal Markdown: `code` and **bold**, after escaping. */
const inline = (text: unknown) =>
  escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');

const paragraphs = (text: unknown) =>
  String(text ?? '')
    .split(/\n\n+/)
    .map((p) => `<p>${inline(p)}</p>`)
    .join('');

function schemaText(schema: Json | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return `<a href="#schema-${escape(schema.$ref.split('/').pop())}">${escape(schema.$ref.split('/').pop())}</a>`;
  if (schema.type === 'array') return `array of ${schemaText(schema.items)}`;
  const bits = [escape(schema.type ?? 'object')];
  if (schema.format) bits.push(`(${escape(schema.format)})`);
  if (schema.enum) bits.push(`one of ${schema.enum.map((v: unknown) => `<code>${escape(v)}</code>`).join(', ')}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) bits.push(`${schema.minimum ?? ''}–${schema.maximum ?? ''}`);
  if (schema.maxLength !== undefined) bits.push(`≤ ${schema.maxLength} chars`);
  if (schema.default !== undefined) bits.push(`default <code>${escape(JSON.stringify(schema.default))}</code>`);
  return bits.join(' ');
}

function operationHtml(method: string, path: string, op: Json): string {
  const badges = [
    op.deprecated ? '<span class="badge deprecated">deprecated</span>' : '',
    op['x-stability'] ? `<span class="badge ${escape(op['x-stability'])}">${escape(op['x-stability'])}</span>` : '',
    op.security?.length === 0 ? '<span class="badge">no auth</span>' : '',
  ].join('');
  const params = (op.parameters ?? [])
    .map((p: Json) => `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td>${schemaText(p.schema)}</td><td>${inline(p.description)}</td></tr>`)
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .map(([status, r]) => {
      const schema = r.content && Object.values(r.content as Json)[0]?.schema;
      const headers = r.headers ? ` Headers: ${Object.keys(r.headers).map((h) => `<code>${escape(h)}</code>`).join(', ')}.` : '';
      return `<tr><td><strong>${escape(status)}</strong></td><td>${schemaText(schema)}</td><td>${inline(r.description)}${headers}</td></tr>`;
    })
    .join('');
  return `<section class="op" id="${escape(op.operationId)}">
  <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/v1${escape(path)}</code> ${badges}</h3>
  <p class="summary">${inline(op.summary)}</p>${paragraphs(op.description)}
  ${params ? `<table><caption>Parameters</caption><thead><tr><th>Name</th><th>In</th><th>Schema</th><th>Description</th></tr></thead><tbody>${params}</tbody></table>` : ''}
  ${body ? `<p>Request body (<code>application/json</code>): ${schemaText(body)}</p>` : ''}
  <table><caption>Responses</caption><thead><tr><th>Status</th><th>Body</th><th>When</th></tr></thead><tbody>${responses}</tbody></table>
</section>`;
}

export function renderDocsPage(doc: Json): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(methods as Json)) {
      const tag = (op as Json).tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op as Json)]);
    }
  }
  const schemas = Object.entries(doc.components.schemas as Json)
    .map(([name, schema]) => `<section id="schema-${escape(name)}"><h3>${escape(name)}</h3><pre>${escape(JSON.stringify(schema, null, 2))}</pre></section>`)
    .join('');
  const nav = [...byTag.keys()].map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} ${escape(doc.info.version)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:980px;margin:0 auto;padding:24px}
nav ul{display:flex;gap:16px;list-style:none;padding:0;flex-wrap:wrap}
code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f6f8fa;padding:12px;overflow:auto;border-radius:6px}
table{border-collapse:collapse;width:100%;margin:8px 0}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
.op{border-top:1px solid #d0d7de;padding-top:8px;margin-top:24px}
.method{display:inline-block;min-width:64px;padding:2px 6px;border-radius:4px;color:#fff;font-size:13px;text-align:center}
.get{background:#0a6d3a}.post{background:#0550ae}.put{background:#8a4600}.patch{background:#6639ba}.delete{background:#a40e26}
.badge{display:inline-block;margin-left:6px;padding:0 6px;border-radius:10px;border:1px solid #57606a;font-size:12px}
.deprecated{border-color:#a40e26;color:#a40e26}.beta{border-color:#8a4600;color:#8a4600}.experimental{border-color:#6639ba;color:#6639ba}
@media (prefers-color-scheme: dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}th,td{border-color:#30363d}a{color:#58a6ff}}
</style></head>
<body><main>
<h1>${escape(doc.info.title)} <small>${escape(doc.info.version)}</small></h1>
${paragraphs(doc.info.description)}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${escape(doc.openapi)}).</p>
<nav aria-label="Sections"><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav>
${[...byTag].map(([tag, ops]) => `<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}`).join('\n')}
<h2 id="schemas">Schemas</h2>${schemas}
</main></body></html>`;
}
