import { describe, expect, it } from "vitest";
import { foldedText, searchRecords, searchWords } from "./list-search.js";

const tasks = [
  { title: "Book the dentist", notes: null, category: "Health" },
  { title: "Tax the car", notes: "V5C is in the blue folder", category: null },
  { title: "Café rent", notes: null, category: null },
  { title: "Großeltern anrufen", notes: null, category: "Familie" },
  { title: "年金の手続き", notes: null, category: null },
];
const found = (query: string) =>
  searchRecords(tasks, (task) => foldedText([task.title, task.notes, task.category]), query).map(
    (task) => task.title,
  );

describe("searchRecords", () => {
  it("finds a record by any word of its title, in any case", () => {
    expect(found("DENTIST")).toEqual(["Book the dentist"]);
    expect(found("dent")).toEqual(["Book the dentist"]);
  });

  it("needs every word, in any order, and looks in the notes and category too", () => {
    expect(found("car tax")).toEqual(["Tax the car"]);
    expect(found("blue folder")).toEqual(["Tax the car"]);
    expect(found("health book")).toEqual(["Book the dentist"]);
    expect(found("dentist car")).toEqual([]);
  });

  it("does not count accents, ß against ss, or full-width letters", () => {
    expect(found("cafe")).toEqual(["Café rent"]);
    expect(found("CAFÉ")).toEqual(["Café rent"]);
    expect(found("grosseltern")).toEqual(["Großeltern anrufen"]);
    expect(found("ｄｅｎｔｉｓｔ")).toEqual(["Book the dentist"]);
  });

  it("finds text in scripts without spaces, and keeps the marks that make another letter", () => {
    expect(found("手続")).toEqual(["年金の手続き"]);
    expect(searchRecords(["が"], (text) => foldedText([text]), "か")).toEqual([]);
  });

  it("gives every record, in its order, for a query of white space alone", () => {
    expect(found("  \u3000 ")).toEqual(tasks.map((task) => task.title));
  });

  it("never matches a word across two parts of a record", () => {
    // "Health" follows "Book the dentist": "dentisthealth" must not be found.
    expect(found("dentisthealth")).toEqual([]);
  });
});

describe("searchWords", () => {
  it("splits on any white space and folds each word", () => {
    expect(searchWords(" Tax\tthe\u3000CAR ")).toEqual(["tax", "the", "car"]);
  });
});
