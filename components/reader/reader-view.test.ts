import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReaderView } from "@/components/reader/reader-view";
import { readerArticle } from "./reader-article.test-support";

// /read/:id says which language the article is in: its title, standfirst and text carry the article's own language
// (the page around them is English, the document's lang), and a stored code that is no BCP 47 tag is not echoed.

const article = (language: string) =>
  readerArticle({ content: { title: "A ponte reabre", subtitle: "Na terça-feira.", body: "A ponte do porto reabre na terça-feira.", language } });

const render = (language: string) => renderToStaticMarkup(createElement(ReaderView, { article: article(language), registry: undefined, origin: "https://news.example.org" }));
const langOf = (html: string, testId: string) => new RegExp(`<[a-z0-9]+ (?:lang="([^"]*)" )?[^>]*data-testid="${testId}"`).exec(html)?.[1];

describe("the reader's article and its language", () => {
  it("marks the title, standfirst and text with the article's language", () => {
    const html = render("pt-BR");
    expect(langOf(html, "reader-title")).toBe("pt-BR");
    expect(langOf(html, "reader-standfirst")).toBe("pt-BR");
    expect(langOf(html, "reader-body")).toBe("pt-BR");
    // the page's own words stay in the document's language
    expect(html).not.toMatch(/<article[^>]* lang=/);
  });

  it("echoes no stored code that is not a language tag", () => {
    const html = render('en" onmouseover="alert(1)');
    expect(html).not.toContain("onmouseover");
    expect(langOf(html, "reader-title")).toBeUndefined();
  });
});
