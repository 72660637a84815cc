// The local OpenID provider's accounts (decisions D2): whoever types a name and an email. The
// subject is derived from the email alone, so the same email is the same account after a restart
// while the name typed last is what the provider reports.
import { createHash } from "node:crypto";
import { z } from "zod";

export const LocalSignInFormSchema = z.object({
  name: z.string().trim().min(1, { error: "Enter your name." }).max(200, {
    error: "Use at most 200 characters for the name.",
  }),
  email: z
    .string()
    .trim()
    .max(320, { error: "Use at most 320 characters for the email." })
    .pipe(z.email({ error: "Enter an email address such as ada@example.com." })),
});
export type LocalSignInForm = z.infer<typeof LocalSignInFormSchema>;

export interface LocalAccount {
  subject: string;
  name: string;
  email: string;
}

/** A stable, opaque subject for an email: case and surrounding spaces do not make a new person. */
export function subjectForEmail(email: string): string {
  return createHash("sha256")
    .update(`local-account:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/**
 * Accounts live in this process's memory: the local provider is a single-process development
 * tool, and an account only has to outlive the few seconds between the form and the code exchange.
 */
export function createLocalAccounts() {
  const accounts = new Map<string, LocalAccount>();
  return {
    remember(form: LocalSignInForm): LocalAccount {
      const account = { subject: subjectForEmail(form.email), name: form.name, email: form.email };
      accounts.set(account.subject, account);
      return account;
    },
    find(subject: string): LocalAccount | undefined {
      return accounts.get(subject);
    },
  };
}
export type LocalAccounts = ReturnType<typeof createLocalAccounts>;
