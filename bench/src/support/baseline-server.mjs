// The baseline for the API figures: a bare node:http server that answers GET with the bytes the
// API answered GET /tasks/ with, and POST (after reading the body, as the API must) with the bytes
// of the API's POST /tasks/ answer. Whatever the API does beyond that costs its ratio.
//   node baseline-server.mjs PORT ANSWERS.json   (ANSWERS: { GET: answer, POST: answer })
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, answersPath] = process.argv.slice(2);
const answers = JSON.parse(readFileSync(answersPath, "utf8"));
for (const answer of Object.values(answers)) answer.body = Buffer.from(answer.body, "base64");

const server = createServer((request, response) => {
  const answer = answers[request.method];
  request.resume();
  request.on("end", () => {
    if (answer === undefined) {
      response.writeHead(405).end();
      return;
    }
    response.writeHead(answer.status, answer.headers).end(answer.body);
  });
});
server.listen(Number(port), "127.0.0.1", () => {
  process.stdout.write("listening\n");
});
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
});
