import { describe, expect, it } from "vitest";
import { findBillSubject, findSender, findThingToDo } from "./names.js";
import { linesOf } from "./text-lines.js";

function senderOf(text: string, context: Parameters<typeof findSender>[1] = {}) {
  return findSender(linesOf(text), context);
}

describe("findSender", () => {
  it("takes the letterhead, surer when the text names it again", () => {
    expect(senderOf("StreamBox\nYour StreamBox membership renews")).toEqual({
      text: "StreamBox",
      confidence: 0.85,
    });
    expect(senderOf("Harrowfield Borough Council\nCouncil Tax")).toEqual({
      text: "Harrowfield Borough Council",
      confidence: 0.7,
    });
    expect(senderOf("Lumen Telecom S.p.A.\nInvoice")).toEqual({
      text: "Lumen Telecom S.p.A.",
      confidence: 0.85,
    });
  });

  it("passes over greetings, people, addresses, headings and references", () => {
    const letter = [
      "Your receipt",
      "Ms Jane Carter",
      "14 Elm Road",
      "Dear Jane,",
      "help.example.com",
      "Greenfields Vets",
    ].join("\n");
    expect(senderOf(letter)?.text).toBe("Greenfields Vets");
  });

  it("passes over a heading that names the document, not its sender", () => {
    const statement = "Maple Court Apartments\nRent Statement\nHarbourside Lettings LLC";
    expect(senderOf(statement)?.text).toBe("Harbourside Lettings LLC");
    expect(senderOf("Annual mortgage statement\nNorthbridge Building Society")?.text).toBe(
      "Northbridge Building Society",
    );
    expect(senderOf("Harbour Bank Credit Card Statement\nCard ending 4821")?.text).toBe(
      "Harbour Bank Credit Card Statement",
    );
  });

  it("passes over a field of the document", () => {
    expect(senderOf("Resident: John Miller, Unit 4B\nMaple Lettings")?.text).toBe("Maple Lettings");
  });

  it("takes a saint's name for a name, not a street", () => {
    expect(senderOf("St Aldhelm's Hospital\nOutpatients")?.text).toBe("St Aldhelm's Hospital");
    expect(senderOf("2847 Oak St\nHarbour Insurance")?.text).toBe("Harbour Insurance");
  });

  it("passes over the addressee and their town when the letterhead was lost", () => {
    expect(senderOf("Bristol\nBS6 5AB\nYour water bill")).toBeNull();
    expect(senderOf("Your bill\nJohn Miller\n2847 Oak Street\nPacific Crest Power")?.text).toBe(
      "Pacific Crest Power",
    );
  });

  it("passes over a line of the bill that holds a date", () => {
    const letter = "Your water bill\nBilling period Sep 15 - Nov 14, 2026\nHarbor City Water";
    expect(senderOf(letter)?.text).toBe("Harbor City Water");
    expect(senderOf("Statement 12/10/2026\nHarbor City Water")?.text).toBe("Harbor City Water");
  });

  it("never takes the person's own name, nor their address, when the letterhead is a logo", () => {
    const letter = [
      "JOHN MILLER",
      "2847 Oak Street, Apt 5",
      "Portland",
      "OR 97205",
      "Account 4471-20",
      "Amount due $67.15",
      "Cedar Valley Water Co, 100 River Rd, Portland OR 97201",
    ].join("\n");

    expect(senderOf(letter)?.text).toBe("JOHN MILLER");
    expect(senderOf(letter, { personName: "John Miller" })).toEqual({
      text: "Cedar Valley Water Co",
      confidence: 0.5,
    });
  });

  it("falls back on a company named anywhere, then a web address, then the file's name", () => {
    const footer = "Your bill\n\n\n\n\n\n\nThanks. Northgate Energy Ltd, 1 Harbour Way, Leeds.";
    expect(senderOf(footer)).toEqual({ text: "Northgate Energy Ltd", confidence: 0.5 });
    expect(senderOf("Your receipt\nManage at flixnow.com/account.")).toEqual({
      text: "Flixnow",
      confidence: 0.4,
    });
    expect(senderOf("Your receipt", { fileName: "Riverside Water bill.pdf" })).toEqual({
      text: "Riverside Water bill",
      confidence: 0.2,
    });
  });

  it("does not take a camera's file name for a name", () => {
    expect(senderOf("Your receipt", { fileName: "IMG_2041.jpg" })).toBeNull();
    expect(senderOf("Your receipt", { fileName: "2026-11-02.pdf" })).toBeNull();
    expect(senderOf("Your receipt")).toBeNull();
  });
});

describe("findThingToDo", () => {
  it.each([
    ["Your passport (number ending 4417) expires on 4 March 2027.", "Renew", "passport"],
    ["Your residence permit expires on 30.04.2027.", "Renew", "residence permit"],
    ["Registration expires 01/15/2027", "Renew", "Registration"],
    ["Your driver license will expire soon", "Renew", "driver license"],
    ["The MOT for your vehicle AB19 XYZ expires soon. Your MOT is due", "Book", "MOT"],
    ["We would like to remind you that your eye test is due.", "Book", "eye test"],
    ["Bella's annual vaccination is due on 12 December 2026.", "Book", "annual vaccination"],
    [
      "Please return the signed consent form by Friday 11 December.",
      "Return",
      "signed consent form",
    ],
    ["Please complete and return the enclosed form by 4 January.", "Return", "enclosed form"],
  ])("finds %j", (text, verb, thing) => {
    expect(findThingToDo(text)).toEqual({ verb, text: thing, confidence: 0.75 });
  });

  it.each([
    ["Your vehicle tax is due on 1 December 2026.", "Pay", "vehicle tax"],
    ["Your council tax is due on 1 December 2026.", "Pay", "council tax"],
    ["Your policy is due for renewal on 15/01/2027.", "Renew", "policy"],
    ["Your contract is due to end on 3 March 2027.", "Renew", "contract"],
    ["Your home insurance is now due for renewal.", "Renew", "home insurance"],
    ["Your tax return is due by 31 January 2027.", "File", "tax return"],
  ])("does not book what is paid, renewed or filed: %j", (text, verb, thing) => {
    expect(findThingToDo(text)).toEqual({ verb, text: thing, confidence: 0.75 });
  });

  it("leaves a payment that falls due to the rules for bills", () => {
    expect(findThingToDo("Your payment is due on 5 May")).toBeNull();
    expect(findThingToDo("Amount due £84.20")).toBeNull();
  });
});

describe("findBillSubject", () => {
  it("names a common bill in the document's words", () => {
    expect(findBillSubject("Council Tax reminder notice")).toBe("Council Tax");
    expect(findBillSubject("Your water bill")).toBe("water bill");
    expect(findBillSubject("Rent for December 2026 $1,650.00")).toBe("Rent");
    expect(findBillSubject("Loss of rent cover up to £5,000")).toBeNull();
    expect(findBillSubject("Thanks for your order")).toBeNull();
  });
});
