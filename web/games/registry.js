// Which module draws which game. Adding a game adds one line here and one module beside this file.
//
// A game module exports `mount(root, ctx)` and returns `{ update(state), destroy() }`:
// - `ctx.act(notation)` sends an action; `ctx.seatName(seat)` names a seat; `ctx.mode` is
//   `play` (a live table) or `replay` (nothing is clickable).
// - `state` is `{ view, legal, you, table, events }`: the game's view for `you` (a seat number or
//   null for a spectator), the legal actions in notation (only these may be offered), the table
//   object of the API and the events of the latest action.
// - Optional: `stake(state)` returns a short text saying what is at stake when the viewer is asked
//   in a secret choice or reaction window (`state` as above plus `pass`, the viewer's pass action
//   in a reaction window, and `kind`, `secret` or `reaction`); the table shows "Choose secretly:
//   <stake>" or "React? <stake>". Without it (or when it returns nothing) a generic line is shown.
// - Optional: `prompt(state)` returns what the viewer is to do now when asked in an ordinary turn
//   ("Claim a stone, or pick a card to play."); the table shows "Your turn — <prompt>" in the
//   banner, where the eye is, rather than only on the board.
// - Optional: `scoreText(score)` writes one score of the result as the board writes amounts
//   ("515,000 S", "80 €"); without it the number is shown as it is.
// - Optional: `scoreNote(table)` returns one line saying what the result's scores mean
//   ("Score: money at the end, in €"); the result panel shows it under the standings.
// - Optional: `describe({text, event}, ctx)` returns one log line for an event in the page's
//   language, in words and symbols ("Ada played yellow 6 on stone 3"); `reasonText(reason, ctx)`
//   says why the game ended (`reason` is `{code, text}`). `ctx` is `{seatName(seat), isYou(seat),
//   table, you, lang}`. When they return '' the page shows the server's English line.
// - Optional: `actionText(action, state)` says one legal action in notation as a short phrase in
//   the page's language ("Play red 7 on stone 3", "Stein 4 beanspruchen"), for the hint panel's
//   suggestions (`state` as above); it returns '' when it cannot read the action, and the caller
//   then shows the notation.
//
// Beside each module, `<game>.strings.js` exports `STRINGS`, the renderer's texts `{ en, de }`
// (web/js/i18n.js), and `LOBBY`, what the lobby says about the game in languages other than
// English (`{ de: { 'variant.<name>', 'bot.<bot>', 'bot-cost.<bot>' } }`): the English comes
// from the server (the catalog and the game's variants), so it is written once. (The summary
// comes from the server in both languages: the catalog has `summary_de`.)

const modules = {
  'schotten-totten': () => import('./schotten-totten.js'),
  'knock-out-whist': () => import('./knock-out-whist.js'),
  'kopf-an-kopf': () => import('./kopf-an-kopf.js'),
  'knock-out': () => import('./knock-out.js'),
};

/** What the lobby says about `game` beyond English (`LOBBY`, see above), or null. */
export async function lobbyTexts(game) {
  if (!modules[game]) return null;
  try {
    const texts = await import(`./${game}.strings.js`);
    return texts.LOBBY || null;
  } catch (e) {
    console.warn(`${game} has no texts beside its renderer`, e);
    return null;
  }
}

/** The renderer module of `game`, or the generic one if the game has none (or it fails to load). */
export async function rendererFor(game) {
  const load = modules[game];
  if (load) {
    try {
      return await load();
    } catch (e) {
      console.error(`the renderer of ${game} failed to load; using the generic one`, e);
    }
  }
  return import('./generic.js');
}
