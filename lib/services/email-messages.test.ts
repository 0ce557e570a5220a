import { describe, expect, it } from "vitest";
import { mailsNotification } from "@/lib/services/email-notifications";
import { absoluteUrl, toEmailHtml, toEmailText, unsubscribeHeaders } from "@/lib/services/email-messages";

describe("email bodies", () => {
  it("turns images into links and makes every link absolute", () => {
    const html = toEmailHtml(
      '<p>Hi <img src="/uploads/1/ab.png" alt="cat"> <a href="/g/x/t/1/y">here</a> <a href="https://e.org/">out</a></p><img src="https://remote.example/p.png">',
    );
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain(`<a href="${absoluteUrl("/uploads/1/ab.png")}">[image: cat]</a>`);
    expect(html).toContain(`<a href="${absoluteUrl("/g/x/t/1/y")}">here</a>`);
    expect(html).toContain('<a href="https://remote.example/p.png">[image]</a>');
    expect(toEmailHtml('<p style="background:url(https://t.example/x)">a</p><script>x()</script>')).toBe("<p>a</p>");
  });

  it("writes the delta as text with its lines, links and images as addresses", () => {
    const content = JSON.stringify([
      { insert: "See " },
      { insert: "docs", attributes: { link: "https://d.example/" } },
      { insert: "\n" },
      { insert: { image: "https://i.example/a.png" } },
      { insert: "\nEnd\n" },
    ]);
    expect(toEmailText(content)).toBe("See docs (https://d.example/)\n[image: https://i.example/a.png]\nEnd");
  });

  it("names the one-click unsubscribe headers of RFC 8058", () => {
    expect(unsubscribeHeaders("https://f.example/unsubscribe?token=t")).toEqual({
      "List-Unsubscribe": "<https://f.example/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("what each email_notifications setting mails", () => {
  it.each([
    ["mentions", "reply", true],
    ["mentions", "mention", true],
    ["mentions", "quote", true],
    ["mentions", "reminder", true],
    ["mentions", "post", false],
    ["mentions", "like", false],
    ["mentions", "tip", false],
    ["all", "post", true],
    ["all", "tip", true],
    ["all", "badge", true],
    ["off", "reply", false],
  ])("%s mails %s: %s", (preference, type, mailed) => {
    expect(mailsNotification(preference, type)).toBe(mailed);
  });
});
