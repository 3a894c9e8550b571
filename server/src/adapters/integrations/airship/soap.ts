/**
 * The little SOAP 1.1 (RPC/encoded) Airship's API speaks: an envelope with one call whose parameters
 * are strings, integers, structs or arrays, and an answer whose single `*Response` element holds the
 * result. Written by hand (no XML dependency): the shapes are few and fixed.
 */

export type SoapValue = string | number | null | SoapValue[] | { [name: string]: SoapValue };

export const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

function encode(name: string, value: SoapValue): string {
  if (value === null) return `<${name} xsi:nil="true"/>`;
  if (typeof value === 'number') return `<${name} xsi:type="xsd:int">${value}</${name}>`;
  if (typeof value === 'string') return `<${name} xsi:type="xsd:string">${escapeXml(value)}</${name}>`;
  if (Array.isArray(value)) {
    const type = value.every((v) => typeof v === 'number') ? 'xsd:int' : 'xsd:anyType';
    return `<${name} SOAP-ENC:arrayType="${type}[${value.length}]" xsi:type="SOAP-ENC:Array">${value.map((v) => encode('item', v)).join('')}</${name}>`;
  }
  return `<${name} xsi:type="SOAP-ENC:Struct">${Object.entries(value)
    .map(([k, v]) => encode(k, v))
    .join('')}</${name}>`;
}

/** The envelope of one call. */
export function soapEnvelope(namespace: string, method: string, params: [string, SoapValue][]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"' +
    ` xmlns:ns1="${namespace}" xmlns:xsd="http://www.w3.org/2001/XMLSchema"` +
    ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/"' +
    ' SOAP-ENV:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">' +
    `<SOAP-ENV:Body><ns1:${method}>${params.map(([k, v]) => encode(k, v)).join('')}</ns1:${method}></SOAP-ENV:Body>` +
    '</SOAP-ENV:Envelope>'
  );
}

interface Node {
  name: string;
  attrs: string;
  children: Node[];
  text: string;
}

/** A small XML reader: elements, attributes kept raw, text; enough for SOAP envelopes. */
export function parseXml(xml: string): Node {
  const root: Node = { name: '#root', attrs: '', children: [], text: '' };
  const stack = [root];
  const re = /<(\/?)([\w:.-]+)([^>]*?)(\/?)>|([^<]+)/g;
  for (const m of xml.replace(/<\?[^>]*\?>/g, '').matchAll(re)) {
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      top.text += unescapeXml(m[5]);
      continue;
    }
    if (m[1]) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const node: Node = { name: m[2]!, attrs: m[3] ?? '', children: [], text: '' };
    top.children.push(node);
    if (!m[4]) stack.push(node);
  }
  return root;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** A node's value: null when nil, a list for arrays (children named item), a struct, else its text. */
export function valueOf(node: Node): SoapValue {
  if (/xsi:nil="true"/.test(node.attrs)) return null;
  if (/Array/.test(node.attrs)) return node.children.map(valueOf);
  if (!node.children.length) return node.text.trim();
  if (!/Struct/.test(node.attrs) && node.children.every((c) => local(c.name) === 'item')) return node.children.map(valueOf);
  return Object.fromEntries(node.children.map((c) => [local(c.name), valueOf(c)]));
}

/** The Body's first element (the call, or its `*Response`). */
export function bodyCall(xml: string): { method: string; params: Record<string, SoapValue> } | null {
  const envelope = parseXml(xml).children.find((c) => local(c.name) === 'Envelope');
  const body = envelope?.children.find((c) => local(c.name) === 'Body');
  const call = body?.children[0];
  if (!call) return null;
  return {
    method: local(call.name),
    params: Object.fromEntries(call.children.map((c) => [local(c.name), valueOf(c)])),
  };
}

/** A SOAP fault's words, or null when the answer is no fault. */
export function faultOf(xml: string): string | null {
  const call = bodyCall(xml);
  if (!call || call.method !== 'Fault') return null;
  const words = call.params.faultstring;
  return typeof words === 'string' && words ? words : 'SOAP fault';
}
