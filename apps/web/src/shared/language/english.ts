/**
 * Compiles an English text as Lingui's macros write it ("Hello {name}", "{count, plural, one {# day} other {# days}}")
 * into the form Lingui's runtime interpolates. English has no catalog: the build keeps each text's words where it is
 * used (vite.config.ts), and this small compiler stands in for Lingui's full one (with its ICU parser), which the
 * login page would otherwise load. Other languages' catalogs arrive compiled and never pass through here.
 */
export type Compiled = (string | CompiledArgument)[];
type CompiledArgument = [string] | [string, string, Record<string, Compiled>];

// Lingui compiles a text each time it is shown; each English text is parsed once instead.
const compiled = new Map<string, Compiled>();

export function compileEnglish(message: string): Compiled {
  let result = compiled.get(message);
  if (!result) compiled.set(message, (result = parseEnglish(message)));
  return result;
}

function parseEnglish(message: string): Compiled {
  let at = 0;
  const parse = (inPlural: boolean): Compiled => {
    const out: Compiled = [];
    let text = '';
    while (at < message.length) {
      const char = message[at]!;
      if (char === '}') break;
      if (char === '{') {
        if (text) out.push(text);
        text = '';
        out.push(argument());
        continue;
      }
      if (char === '#' && inPlural) {
        if (text) out.push(text);
        text = '';
        out.push('#');
        at += 1;
        continue;
      }
      // ICU quoting: '' is one apostrophe, '{' a literal brace; any other apostrophe is itself.
      if (char === "'" && message[at + 1] === "'") {
        text += "'";
        at += 2;
        continue;
      }
      if (char === "'" && (message[at + 1] === '{' || message[at + 1] === '}')) {
        text += message[at + 1];
        at += 3; // the quote, the brace and its closing quote
        continue;
      }
      text += char;
      at += 1;
    }
    if (text) out.push(text);
    return out;
  };
  const argument = (): CompiledArgument => {
    at += 1; // {
    const end = message.slice(at).search(/[,}]/);
    const name = message.slice(at, at + end).trim();
    at += end;
    if (message[at] === '}') {
      at += 1;
      return [name];
    }
    at += 1; // ,
    const typeEnd = message.indexOf(',', at);
    const type = message.slice(at, typeEnd).trim();
    at = typeEnd + 1;
    const cases: Record<string, Compiled> = {};
    for (;;) {
      while (/\s/.test(message[at] ?? '')) at += 1;
      if (message[at] === '}' || at >= message.length) break;
      const open = message.indexOf('{', at);
      // An exact case, =0, is keyed 0 as Lingui keys it.
      const selector = message.slice(at, open).trim().replace(/^=/, '');
      at = open + 1;
      cases[selector] = parse(type !== 'select');
      at += 1; // }
    }
    at += 1; // the argument's }
    return [name, type, cases];
  };
  return parse(false);
}
