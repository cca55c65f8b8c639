import type { Principal } from '@arsenal/core';

/** The SDK's notion of a caller, carrying the Arsenal principal the request authenticated as. */
export class PrincipalUser {
  readonly principal: Principal | undefined;
  constructor(principal: Principal | undefined) {
    this.principal = principal;
  }
  get isAuthenticated(): boolean {
    return this.principal !== undefined;
  }
  get userName(): string {
    return this.principal?.id ?? '';
  }
}

/** The principal of a request context's user, when it carries one. */
export function principalOf(user: unknown): Principal | undefined {
  return user instanceof PrincipalUser ? user.principal : undefined;
}
