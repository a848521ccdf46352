// The website's search ranking (Sphinx's html_search_scorer): Sphinx's own scores, plus a boost
// for a page whose title holds a word of the query, so that the chapter named after a topic
// ("Chapter 5 · gradcheck") comes before the chapters that only use it.
var Scorer = {
  score: (result) => {
    const [, title, anchor, , score] = result;
    const query = new URLSearchParams(window.location.search).get("q") || "";
    return score + Scorer.pageTitleBoost(query, title, anchor);
  },
  // The boost of one result: a page (not one of its sections) whose title holds a query word.
  pageTitleBoost: (query, title, anchor) => {
    if (anchor || !title || title.includes(" > ")) return 0;
    const words = title.toLowerCase().split(/[^\p{L}\p{N}_]+/u);
    const wanted = query.toLowerCase().split(/\s+/).filter((word) => word.length > 1);
    return wanted.some((word) => words.includes(word)) ? 30 : 0;
  },
  // Sphinx's defaults (searchtools.js), unchanged.
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
