import { describe, expect, it } from "vitest";
import { isPersonsName, personsLines } from "./person-name.js";
import { linesOf } from "./text-lines.js";

describe("isPersonsName", () => {
  it("knows the person's name however a biller prints it", () => {
    for (const printed of [
      "John Miller",
      "JOHN MILLER",
      "Mr John Miller",
      "Mr. J. Miller",
      "J Miller",
      "Miller, John",
      "Dr John A. Miller",
    ]) {
      expect(isPersonsName(printed, "John Miller"), printed).toBe(true);
    }
    expect(isPersonsName("Ms José Núñez", "Jose Nunez")).toBe(true);
  });

  it("does not take another name, a firm named after a surname, or a line with a number", () => {
    expect(isPersonsName("Jane Miller", "John Miller")).toBe(false);
    expect(isPersonsName("Miller", "John Miller")).toBe(false);
    expect(isPersonsName("Miller & Sons", "John Miller")).toBe(false);
    expect(isPersonsName("John Miller Plumbing", "John Miller")).toBe(false);
    expect(isPersonsName("John Miller 2", "John Miller")).toBe(false);
    expect(isPersonsName("John Miller", "")).toBe(false);
  });
});

describe("personsLines", () => {
  it("takes the name and its address down to the postcode, and a country after it", () => {
    const letter = linesOf(
      "Anna Schmidt\nLindenstrasse 12\n10115 Berlin\nGermany\nStadtwerke Nord\nRechnung",
    );
    expect([...personsLines(letter, "Anna Schmidt")]).toEqual([0, 1, 2, 3]);
  });

  it("takes a town alone on its line, and leaves the sender's own address below to the sender", () => {
    const letter = linesOf(
      "Ms Jane Carter\n14 Elm Road\nBristol\nBS6 5AB\nAvon Water\n1 Quay St\nBristol BS1 4AA",
    );
    expect([...personsLines(letter, "Jane Carter")]).toEqual([0, 1, 2, 3]);
  });

  it("takes a street with a long house number for a street, not a postcode before a town", () => {
    const letter = linesOf("John Miller\n2847 Oak St\nPortland\nOR 97205\nHarbor Water");
    expect([...personsLines(letter, "John Miller")]).toEqual([0, 1, 2, 3]);
  });

  it("without a postcode, takes the street lines right below the name", () => {
    const letter = linesOf("John Miller\n2847 Oak Street\nApt 5\nCedar Valley Water");
    expect([...personsLines(letter, "John Miller")]).toEqual([0, 1, 2]);
  });
});
