/** Password hashes through Bun.password (argon2id). */
export function hashPassword(plain: string): Promise<string> {
  return Bun.password.hash(plain)
}

export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(plain, hash)
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false
  }
}
