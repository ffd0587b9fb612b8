// The offline Router reads the topic words from here; they live with the tools, which plan calls by them.
export { LEXICON } from "../../tools/question/lexicon";
