// zod/mini loads no messages of its own: a rule the domain does not word itself would read only
// "Invalid input". The app speaks English, as classic zod did by default (for instance in the
// api-client's "Invalid response from GET /tasks/: [0].priority Invalid option: ..." errors).
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());
