// How the local AWS services check a request's SigV4 signature the way AWS does: the signature is
// recomputed from what arrived (method, path, query, the signed headers, the body) with the
// secret of the access key it names (@smithy/signature-v4, AWS's own signer) and compared.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

export interface SignedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

export interface SignatureCheck {
  accessKeyId: string;
  region: string;
  given: string;
  expected: string;
}

/** SHA-256 (or HMAC-SHA256 with a key) in the Checksum shape the smithy signer takes. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The signature the request should carry for `service`, recomputed with the secret of the access
 * key it names; undefined when the Authorization header is not SigV4 for that service or the key
 * is unknown (then `accessKeyId` alone is returned so the caller can say which).
 */
export async function checkSignature(request: SignedRequest, service: string, secretFor: (accessKeyId: string) => string | undefined): Promise<SignatureCheck | { accessKeyId: string; unknownKey: true } | undefined> {
  const pattern = new RegExp(`^AWS4-HMAC-SHA256 Credential=([^/]+)/\\d{8}/([^/]+)/${service}/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$`);
  const match = pattern.exec(String(request.headers.authorization ?? ''));
  if (!match) return undefined;
  const [, accessKeyId, region, signedHeaders, given] = match as unknown as [string, string, string, string, string];
  const secretAccessKey = secretFor(accessKeyId);
  if (secretAccessKey === undefined) return { accessKeyId, unknownKey: true };
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = String(request.headers[name] ?? '');
  const url = new URL(request.url, `http://${request.headers.host}`);
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const signingDate = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const signer = new SignatureV4({ applyChecksum: false, credentials: { accessKeyId, secretAccessKey }, region, service, sha256: NodeSha256 });
  const signed = await signer.sign(
    { method: request.method, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body: request.rawBody },
    { signingDate, unsignableHeaders: new Set(), signableHeaders: new Set(Object.keys(headers)) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  return { accessKeyId, region, given, expected };
}
