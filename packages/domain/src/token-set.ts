// spec 3, decisions D3: the session's tokens, as the API issues them and the browser keeps them.
import * as z from "zod/mini";

export const TokenSetSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  token_type: z.literal("Bearer"),
});
export type TokenSet = z.infer<typeof TokenSetSchema>;
