// A build-only transform of react-router's production modules, for issue 7's budget: the parts of
// react-router the app never renders (Link, NavLink, Form, the history router, the scroll
// restoration and their prefetching, 4.4 kB of the first download) are left out of the build.
//
// react-router's modules name each context and component after making it (`Link.displayName =
// "Link"`), a statement the bundler must keep, and with it the named thing and all it uses, used
// or not. Here each name goes into the making, `Object.assign(React.forwardRef(…), { displayName:
// "Link" })`, and the making is marked pure (React's factories only make objects): what the app
// uses keeps its name, the rest goes.
import type { Plugin } from "vite";

/** React's calls that only make an object (a context, a component) and do nothing else. */
const REACT_FACTORY = /^React\$?\d*\.(createContext|forwardRef|memo)$/;

/** The parts of an ESTree node this transform reads. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** A module's top-level statements, as rolldown's `this.parse` (Vite's `parseAst`) gives them. */
export type ParseModule = (code: string) => { body: unknown[] };

/**
 * `code` with each top-level `X.displayName = "…"` moved into X's making, and React's factory
 * calls marked pure. Throws when a name is given to something it cannot move: a newer
 * react-router then stops the build rather than ship a part without its name.
 */
export function namesMovedIntoMaking(code: string, parse: ParseModule): string {
  const body = parse(code).body as Node[];
  const edits: { at: number; end: number; text: string }[] = [];
  const insert = (at: number, text: string) => edits.push({ at, end: at, text });
  const source = (node: Node) => code.slice(node.start, node.end);
  /** `X.displayName = "…"` statements, by X: each becomes `, { displayName: "…" })`. */
  const names = new Map<string, string>();
  for (const statement of body) {
    const naming = statement.type === "ExpressionStatement" ? (statement.expression as Node) : null;
    const target = naming?.type === "AssignmentExpression" ? (naming.left as Node) : null;
    const object = target?.object as Node | undefined;
    const property = target?.property as Node | undefined;
    const value = naming?.right as Node | undefined;
    if (
      target?.type === "MemberExpression" &&
      target.computed === false &&
      object?.type === "Identifier" &&
      property?.type === "Identifier" &&
      property.name === "displayName" &&
      value?.type === "Literal"
    ) {
      names.set(object.name as string, `, { displayName: ${source(value)} })`);
      edits.push({ at: statement.start, end: statement.end, text: "" });
    }
  }
  const named = new Set<string>();
  for (const declaration of body) {
    const id = declaration.id as Node | null | undefined;
    if (declaration.type === "FunctionDeclaration" && id) {
      const name = id.name as string;
      const withName = names.get(name);
      if (withName === undefined) continue;
      // A constant instead of a hoisted function: react-router refers to these only from inside
      // its functions, which run after the module has run.
      insert(declaration.start, `const ${name} = /* @__PURE__ */ Object.assign(`);
      insert(declaration.end, `${withName};`);
      named.add(name);
    }
    if (declaration.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      const callee = init?.type === "CallExpression" ? (init.callee as Node) : null;
      if (init == null || callee === null || !REACT_FACTORY.test(source(callee))) continue;
      insert(init.start, "/* @__PURE__ */ ");
      const target = declarator.id as Node;
      if (target.type !== "Identifier") continue;
      const withName = names.get(target.name as string);
      if (withName === undefined) continue;
      insert(init.start, "/* @__PURE__ */ Object.assign(");
      insert(init.end, withName);
      named.add(target.name as string);
    }
  }
  const missing = [...names.keys()].filter((name) => !named.has(name));
  if (missing.length > 0) {
    throw new Error(`react-router names what this plugin cannot move: ${missing.join(", ")}`);
  }
  let out = code;
  // From the end, so that each edit's place still holds. At one place, the first made goes first
  // and the next ones before it (the sort is stable): "Object.assign(" ends up before
  // "/* @__PURE__ */ ".
  for (const edit of edits.sort((a, b) => b.at - a.at)) {
    out = out.slice(0, edit.at) + edit.text + out.slice(edit.end);
  }
  return out;
}

export function routerPartsOnlyWhenUsed(): Plugin {
  return {
    name: "router-parts-only-when-used",
    apply: "build",
    transform: {
      filter: {
        id: /react-router[\\/]dist[\\/]production[\\/]/,
        code: /\.(createContext|forwardRef|memo)\(/,
      },
      handler(code) {
        return { code: namesMovedIntoMaking(code, (text) => this.parse(text)), map: null };
      },
    },
  };
}
