// zod/mini loads no messages of its own: a rule the domain does not word itself would read only
// "Invalid input". The app speaks English, as classic zod did by default (for instance in the
// api-client's "Invalid response from GET /tasks/: [0].priority Invalid option: ..." errors).
// Not in the first download: main.tsx loads it once the app has started, and the forms with
// their code.
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());
