/* dieproof's search scorer (html_search_scorer in conf.py): Sphinx's default weights,
 * plus a score function that puts the rules first. A result whose name starts with the
 * exact id searched for ("SOD-SPECIAL-1") goes to the top; the rules domain's entries
 * (rules, open questions, invariants) come before the Python API's, so that a word like
 * "trap" lands on the rule about traps, not on a function that counts them. */
var Scorer = {
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
  score: (result) => {
    const [, title, , descr, score, , kind] = result;
    const query = (new URLSearchParams(window.location.search).get("q") || "")
      .trim()
      .toLowerCase();
    let adjusted = score;
    const name = (title || "").toLowerCase();
    if (query && (name === query || name.startsWith(query + " "))) adjusted += 100;
    if (kind === "object" && descr) {
      // Rules before open questions before invariants; the API after all of them.
      if (descr.startsWith("rule,")) adjusted += 3;
      else if (descr.startsWith("open question,")) adjusted += 1;
      else if (descr.startsWith("Python")) adjusted -= 10;
    }
    return adjusted;
  },
};
