// axe-core over the rendered DOM. jsdom has no layout, so the colour-contrast rule cannot run here
// (the preview and the end-to-end suite check it in a real browser).
import axe from "axe-core";

/** The accessibility violations in `context`, one readable line each; [] when clean. */
export async function axeViolations(context: Element = document.body): Promise<string[]> {
  const results = await axe.run(context, {
    rules: { "color-contrast": { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
