/** Removes known secrets (credentials, tokens obtained with them) from text and values. */
export class Redactor {
  readonly #secrets = new Set<string>();

  add(secret: string | undefined): void {
    // Very short values would redact ordinary words; they are not credentials worth the name.
    if (secret && secret.length >= 4) this.#secrets.add(secret);
  }

  /** Whether a text holds one of the secrets, as is or percent-encoded. */
  holdsSecret(text: string): boolean {
    for (const secret of this.#secrets) {
      if (text.includes(secret) || text.includes(encodeURIComponent(secret))) return true;
    }
    return false;
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) {
      if (out.includes(secret)) out = out.split(secret).join('[redacted]');
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret && out.includes(encoded)) out = out.split(encoded).join('[redacted]');
    }
    return out;
  }

  /** A copy of a JSON value with every string redacted. */
  redactValue<T>(value: T): T {
    if (this.#secrets.size === 0) return value;
    if (typeof value === 'string') return this.redact(value) as T;
    if (Array.isArray(value)) return value.map((item) => this.redactValue(item)) as T;
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value))
        out[this.redact(key)] = this.redactValue(item);
      return out as T;
    }
    return value;
  }
}
