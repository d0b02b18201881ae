// @ts-check
/**
 * The local stand-in for the transactional email API of the contact function (D22): each email is written as an
 * .eml file (RFC 5322, UTF-8, quoted-printable) under DATA_DIR/outbox/, which any mail client opens. Nothing leaves
 * the machine.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stackEnvironment } from './env.mjs';

/** The sender of local emails; production takes EMAIL_FROM (docs/deploy.md). */
export const LOCAL_FROM = 'Hotel website <website@localhost>';

/** @param {string} dataDir */
export const outboxDir = (dataDir) => path.join(dataDir, 'outbox');

/**
 * A header value in RFC 2047 encoded words when it is not plain printable ASCII, folded to stay short.
 * @param {string} value
 */
export function encodeHeader(value) {
  const flat = value.replace(/[\r\n\t]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(flat) && flat.length <= 900) return flat;
  /** @type {string[]} */
  const words = [];
  let chunk = '';
  for (const ch of flat) {
    // 45 bytes of UTF-8 make 60 characters of base64: each encoded word stays under the 75 RFC 2047 allows.
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join('\r\n ');
}

/**
 * Text as quoted-printable UTF-8 (RFC 2045): readable where it is ASCII, lines of at most 76 characters.
 * @param {string} text
 */
export function quotedPrintable(text) {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      let out = '';
      let width = 0;
      const bytes = Buffer.from(line, 'utf8');
      bytes.forEach((byte, i) => {
        const last = i === bytes.length - 1;
        const plain = (byte >= 33 && byte <= 126 && byte !== 61) || ((byte === 32 || byte === 9) && !last);
        const piece = plain ? String.fromCharCode(byte) : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
        if (width + piece.length > 75) {
          out += '=\r\n';
          width = 0;
        }
        out += piece;
        width += piece.length;
      });
      return out;
    })
    .join('\r\n');
}

/**
 * One email as the bytes of an .eml file.
 * @param {import('../../supabase/functions/_shared/guest-messages.js').Email} email
 * @param {{ from?: string, date?: Date, messageId?: string }} [opts]
 */
export function toEml(email, { from = LOCAL_FROM, date = new Date(), messageId = `<${randomUUID()}@localhost>` } = {}) {
  return [
    `From: ${encodeHeader(from)}`,
    `To: ${encodeHeader(email.to)}`,
    `Reply-To: ${encodeHeader(email.replyTo)}`,
    `Subject: ${encodeHeader(email.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(email.text),
    '',
  ].join('\r\n');
}

/**
 * A mailer for the contact function that writes each email to `dir` as `<time>-<key>.eml`.
 * @param {string} dir
 * @param {{ from?: string }} [opts]
 * @returns {(email: import('../../supabase/functions/_shared/guest-messages.js').Email) => Promise<void>}
 */
export function outboxMailer(dir, { from = stackEnvironment().EMAIL_FROM ?? LOCAL_FROM } = {}) {
  return async (email) => {
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${email.idempotencyKey.replace(/[^a-z0-9-]/gi, '')}.eml`;
    await writeFile(path.join(dir, name), toEml(email, { from }));
  };
}
