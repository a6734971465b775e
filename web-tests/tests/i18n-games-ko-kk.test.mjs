// Node test (no browser, no server): the Knock Out and Kopf an Kopf logs in words, in English and
// German. describe() turns every event type of each game (crates/knock-out/src/event.rs,
// crates/kopf-an-kopf/src/event.rs) into a line in the page's language, with "You"/"Du" and the
// right verb form for the viewer's own seat; reasonText() does the same for the end reasons; the
// card and ability texts of the view read in German; and every strings table has a German text
// for each English key, with the same {slots}.
//
// The sample events are real engine output (`spieltisch engine`, bot games, seat 0's and the
// spectator's view) plus hand-made ones in the same serialisation for the rarer cases.
//
// Run from web-tests/:  node --test tests/i18n-games-ko-kk.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stubI18n } from '../lib/i18n-stub.mjs';

// i18n.js reads the language from localStorage (the switch's choice) before the browser's: a
// stub that the tests set per language.
let language = 'en';
// A missing key makes tr() warn and return the key: the warnings are collected to fail on.
const warnings = stubI18n(() => language);

const ko = await import('../../web/games/knock-out.js');
const kk = await import('../../web/games/kopf-an-kopf.js');
const kkLog = await import('../../web/games/kopf-an-kopf.log.js');
const koStrings = (await import('../../web/games/knock-out.strings.js')).STRINGS;
const kkStrings = (await import('../../web/games/kopf-an-kopf.strings.js')).STRINGS;
const genericStrings = (await import('../../web/games/generic.strings.js')).STRINGS;

const NAMES = ['Ada', 'Bob', 'Cleo', 'Dan', 'Eve', 'Fritz', 'Gina', 'Hans'];

/** The ctx table.js gives: seatName says "You"/"Du" for the viewer's own seat. */
function ctxFor(you) {
  return {
    you,
    isYou: (seat) => seat === you,
    seatName: (seat) => (seat === you ? (language === 'de' ? 'Du' : 'You') : NAMES[seat]),
    table: null,
  };
}

/** Every event type of each game's `Event` enum, as serde tags them. */
const KO_TYPES = ['season-started', 'passed-on', 'challenged', 'trained', 'offered', 'accepted', 'passed',
  'betting-closed', 'chose', 'exchange', 'fight-won', 'knocked-out', 'level-changed', 'paid', 'cancelled',
  'season-over', 'game-over'];
const KK_TYPES = ['dealt', 'turn', 'ability', 'rolled', 'window', 'window-closed', 'played', 'cancelled',
  'moved', 'held', 'declined', 'finished', 'paid', 'bought', 'bet', 'discarded', 'drew', 'stole', 'inspected',
  'took', 'reshuffled', 'game-over'];

// [event, the viewer's seat (null: a spectator), English line, German line]
const KO_CASES = [
  [{"opener":0,"season":1,"type":"season-started"}, 0, "Season 1 begins: you open.", "Saison 1 beginnt: du eröffnest."],
  [{"opener":0,"season":1,"type":"season-started"}, null, "Season 1 begins: Ada opens.", "Saison 1 beginnt: Ada eröffnet."],
  [{"blue":"1H","levels":["profi","profi"],"red":"0L","start":[6,6],"type":"challenged"}, 0, "Kid Kowalski (you, Profi) challenges Big Ben Boateng (Bob, Profi); they start 6 and 6 fields from K.O.", "Kid Kowalski (du, Profi) fordert Big Ben Boateng (Bob, Profi) heraus; sie starten 6 und 6 Felder vor dem K.O.-Feld."],
  [{"blue":"1H","levels":["profi","profi"],"red":"0L","start":[6,6],"type":"challenged"}, null, "Kid Kowalski (Ada, Profi) challenges Big Ben Boateng (Bob, Profi); they start 6 and 6 fields from K.O.", "Kid Kowalski (Ada, Profi) fordert Big Ben Boateng (Bob, Profi) heraus; sie starten 6 und 6 Felder vor dem K.O.-Feld."],
  [{"cards":[2,2,5,5],"seat":0,"type":"trained"}, 0, "You train with 2, 2, 5, 5.", "Du trainierst mit 2, 2, 5, 5."],
  [{"seat":0,"type":"trained"}, null, "Ada has trained (unseen).", "Ada hat trainiert (verdeckt)."],
  [{"seat":1,"type":"trained"}, 0, "Bob has trained (unseen).", "Bob hat trainiert (verdeckt)."],
  [{"field":1,"seat":0,"tableau":"red","type":"offered"}, 0, "You offer the bet on red 2 (Sieg, 20,000 S).", "Du bietest die Wette Rot 2 (Sieg, 20.000 S) an."],
  [{"field":1,"seat":0,"tableau":"red","type":"offered"}, null, "Ada offers the bet on red 2 (Sieg, 20,000 S).", "Ada bietet die Wette Rot 2 (Sieg, 20.000 S) an."],
  [{"bluff":false,"field":1,"offerer":1,"seat":0,"tableau":"blue","type":"accepted"}, 0, "You accept Bob's bet on blue 2.", "Du nimmst die Wette Blau 2 von Bob an."],
  [{"bluff":false,"field":1,"offerer":1,"seat":0,"tableau":"blue","type":"accepted"}, null, "Ada accepts Bob's bet on blue 2.", "Ada nimmt die Wette Blau 2 von Bob an."],
  [{"seat":2,"type":"passed"}, 0, "Cleo passes (a chip on the pass field).", "Cleo passt (ein Chip auf das Passe-Feld)."],
  [{"type":"betting-closed"}, 0, "The bets are closed: the fight begins!", "Die Wetten sind geschlossen: der Kampf beginnt!"],
  [{"card":5,"seat":0,"type":"chose"}, 0, "You choose 5 for the exchange.", "Du wählst 5 für die Kampfrunde."],
  [{"seat":0,"type":"chose"}, null, "Ada has chosen a card.", "Ada hat eine Karte gewählt."],
  [{"seat":1,"type":"chose"}, 0, "Bob has chosen a card.", "Bob hat eine Karte gewählt."],
  [{"blue":2,"by":3,"distance":[6,3],"hook":false,"moved":"blue","number":1,"red":5,"type":"exchange"}, 0, "Exchange 1: red 5 – blue 2: blue moves 3 fields towards K.O. (now 6 and 3 from K.O.).", "Kampfrunde 1: Rot 5 – Blau 2: Blau zieht 3 Felder Richtung K.O.-Feld (jetzt 6 und 3 davor)."],
  [{"knock_out":true,"loser":"1H","type":"fight-won","winner":"0L"}, 0, "Kid Kowalski (you) beats Big Ben Boateng (Bob) by knock-out!", "Kid Kowalski (du) besiegt Big Ben Boateng (Bob) durch K.O.!"],
  [{"amount":12000,"from":"bank","to":0,"type":"paid","why":"prize"}, 0, "You receive 12,000 S from the bank (prize money).", "Du erhältst 12.000 S von der Bank (Startgeld-Prämie)."],
  [{"boxer":"0L","from":"profi","to":"champion","type":"level-changed"}, 0, "Kid Kowalski (you) moves up: Profi → Champion.", "Kid Kowalski (du) steigt auf: Profi → Champion."],
  [{"boxer":"1H","type":"knocked-out"}, 0, "Big Ben Boateng (Bob) is knocked out for the season.", "Big Ben Boateng (Bob) ist für diese Saison K.O."],
  [{"amount":20000,"field":["red",2],"from":2,"to":0,"type":"paid","why":"bet"}, 0, "Cleo pays you 20,000 S (lost bet, red 2).", "Cleo zahlt dir 20.000 S (verlorene Wette, Rot 2)."],
  [{"field":3,"seat":1,"tableau":"blue","type":"cancelled"}, 0, "Bob's bet on blue 4 cancels itself: no money moves.", "Die Wette von Bob auf Blau 4 hebt sich auf: kein Geld fließt."],
  [{"knock_out":true,"loser":"1H","type":"fight-won","winner":"0L"}, null, "Kid Kowalski (Ada) beats Big Ben Boateng (Bob) by knock-out!", "Kid Kowalski (Ada) besiegt Big Ben Boateng (Bob) durch K.O.!"],
  [{"amount":12000,"from":"bank","to":0,"type":"paid","why":"prize"}, null, "Ada receives 12,000 S from the bank (prize money).", "Ada erhält 12.000 S von der Bank (Startgeld-Prämie)."],
  [{"boxer":"0L","from":"profi","to":"champion","type":"level-changed"}, null, "Kid Kowalski (Ada) moves up: Profi → Champion.", "Kid Kowalski (Ada) steigt auf: Profi → Champion."],
  [{"amount":20000,"field":["red",2],"from":2,"to":0,"type":"paid","why":"bet"}, null, "Cleo pays Ada 20,000 S (lost bet, red 2).", "Cleo zahlt Ada 20.000 S (verlorene Wette, Rot 2)."],
  [{"blue":3,"by":0,"distance":[6,5],"hook":false,"moved":null,"number":2,"red":3,"type":"exchange"}, 0, "Exchange 2: red 3 – blue 3: nobody moves.", "Kampfrunde 2: Rot 3 – Blau 3: niemand zieht."],
  [{"seat":2,"type":"passed-on"}, 0, "Cleo has no legal challenge: the red tableau passes on.", "Cleo kann niemanden herausfordern: das rote Wett-Tableau wird weitergereicht."],
  [{"season":1,"type":"season-over"}, 0, "Season 1 is over.", "Saison 1 ist vorbei."],
  [{"money":[232000,152000,88000],"type":"game-over"}, 0, "Game over: You 232,000 S, Bob 152,000 S, Cleo 88,000 S.", "Spielende: Du 232.000 S, Bob 152.000 S, Cleo 88.000 S."],
  [{"money":[232000,152000,88000],"type":"game-over"}, null, "Game over: Ada 232,000 S, Bob 152,000 S, Cleo 88,000 S.", "Spielende: Ada 232.000 S, Bob 152.000 S, Cleo 88.000 S."],
  // Hand-made, in the same serialisation: the rarer lines.
  [{"opener":1,"season":2,"type":"season-started"}, 0, "Season 2 begins: Bob opens.", "Saison 2 beginnt: Bob eröffnet."],
  [{"seat":0,"type":"passed-on"}, 0, "You have no legal challenge: the red tableau passes on.", "Du kannst niemanden herausfordern: das rote Wett-Tableau wird weitergereicht."],
  [{"blue":"4L","levels":["amateur","superchampion"],"red":"3H","start":[6,8],"type":"challenged"}, 0, "Rocky Romero (Dan, Amateur) challenges Lucky Lindqvist (Eve, Superchampion); they start 6 and 8 fields from K.O.", "Rocky Romero (Dan, Amateur) fordert Lucky Lindqvist (Eve, Superchampion) heraus; sie starten 6 und 8 Felder vor dem K.O.-Feld."],
  [{"seat":0,"type":"passed"}, 0, "You pass (a chip on the pass field).", "Du passt (ein Chip auf das Passe-Feld)."],
  [{"bluff":true,"field":0,"offerer":0,"seat":0,"tableau":"red","type":"accepted"}, 0, "You accept your own bet on red 1 — a bluff: the bet cancels itself.", "Du nimmst deine eigene Wette Rot 1 an — ein Bluff: die Wette hebt sich auf."],
  [{"bluff":true,"field":0,"offerer":2,"seat":2,"tableau":"red","type":"accepted"}, 0, "Cleo accepts the own bet on red 1 — a bluff: the bet cancels itself.", "Cleo nimmt die eigene Wette Rot 1 an — ein Bluff: die Wette hebt sich auf."],
  [{"bluff":false,"field":3,"offerer":0,"seat":2,"tableau":"blue","type":"accepted"}, 0, "Cleo accepts your bet on blue 4.", "Cleo nimmt deine Wette Blau 4 an."],
  [{"blue":1,"by":4,"distance":[2,6],"hook":true,"moved":"red","number":3,"red":5,"type":"exchange"}, null, "Exchange 3: red 5 – blue 1: a hidden left hook! red moves 4 fields towards K.O. (now 2 and 6 from K.O.).", "Kampfrunde 3: Rot 5 – Blau 1: ein verdeckter linker Haken! Rot zieht 4 Felder Richtung K.O.-Feld (jetzt 2 und 6 davor)."],
  [{"blue":3,"by":1,"distance":[5,6],"hook":false,"moved":"red","number":1,"red":2,"type":"exchange"}, null, "Exchange 1: red 2 – blue 3: red moves 1 field towards K.O. (now 5 and 6 from K.O.).", "Kampfrunde 1: Rot 2 – Blau 3: Rot zieht 1 Feld Richtung K.O.-Feld (jetzt 5 und 6 davor)."],
  [{"knock_out":false,"loser":"2L","type":"fight-won","winner":"1H"}, 0, "Big Ben Boateng (Bob) beats Sugar Sato (Cleo) on points.", "Big Ben Boateng (Bob) besiegt Sugar Sato (Cleo) nach Punkten."],
  [{"boxer":"2L","from":"champion","to":"profi","type":"level-changed"}, 0, "Sugar Sato (Cleo) drops: Champion → Profi.", "Sugar Sato (Cleo) steigt ab: Champion → Profi."],
  [{"boxer":"1H","from":"superchampion","to":"world-champion","type":"level-changed"}, 0, "Big Ben Boateng (Bob) moves up: Superchampion → World champion.", "Big Ben Boateng (Bob) steigt auf: Superchampion → Weltmeister."],
  [{"amount":10000,"field":["blue",1],"from":0,"to":1,"type":"paid","why":"bet"}, 0, "You pay Bob 10,000 S (lost bet, blue 1).", "Du zahlst Bob 10.000 S (verlorene Wette, Blau 1)."],
  [{"amount":50000,"from":0,"to":"bank","type":"paid","why":"debt-cost"}, 0, "You pay 50,000 S to the bank (debt certificates).", "Du zahlst 50.000 S an die Bank (Schuldurkunden)."],
  [{"amount":50000,"from":1,"to":"bank","type":"paid","why":"debt-cost"}, 0, "Bob pays 50,000 S to the bank (debt certificates).", "Bob zahlt 50.000 S an die Bank (Schuldurkunden)."],
  [{"amount":30000,"field":["blue",4],"from":1,"to":"pot","type":"paid","why":"pot"}, 0, "Bob pays 30,000 S into the bonus pot (a bet lost against the bank, blue 4).", "Bob zahlt 30.000 S auf das Bonusfeld (gegen die Bank verlorene Wette, Blau 4)."],
  [{"amount":30000,"field":["red",4],"from":0,"to":"pot","type":"paid","why":"pot"}, 0, "You pay 30,000 S into the bonus pot (a bet lost against the bank, red 4).", "Du zahlst 30.000 S auf das Bonusfeld (gegen die Bank verlorene Wette, Rot 4)."],
  [{"amount":5000,"field":["red",1],"from":"bank","to":2,"type":"paid","why":"bank-bet"}, 0, "Cleo receives 5,000 S from the bank (half the stake of a bet won against the bank, red 1).", "Cleo erhält 5.000 S von der Bank (die Hälfte einer gegen die Bank gewonnenen Wette, Rot 1)."],
  [{"amount":50000,"from":"bank","to":1,"type":"paid","why":"debt"}, 0, "Bob receives 50,000 S from the bank (debt certificate).", "Bob erhält 50.000 S von der Bank (Schuldurkunde)."],
  [{"amount":15000,"from":"bank","to":0,"type":"paid","why":"card-bonus"}, 0, "You receive 15,000 S from the bank (fight cards left).", "Du erhältst 15.000 S von der Bank (übrige Kampfkarten)."],
  [{"amount":45000,"from":"pot","to":2,"type":"paid","why":"pot-share"}, 0, "Cleo receives 45,000 S from the bonus pot.", "Cleo erhält 45.000 S vom Bonusfeld."],
  [{"amount":45000,"from":"pot","to":0,"type":"paid","why":"pot-share"}, 0, "You receive 45,000 S from the bonus pot.", "Du erhältst 45.000 S vom Bonusfeld."],
  [{"amount":1,"from":"pot","to":"bank","type":"paid","why":"pot-share"}, 0, "The rest of the bonus pot, 1 S, goes to the bank.", "Der Rest des Bonusfelds, 1 S, geht an die Bank."],
  [{"field":0,"seat":0,"tableau":"red","type":"cancelled"}, 0, "Your bet on red 1 cancels itself: no money moves.", "Deine Wette auf Rot 1 hebt sich auf: kein Geld fließt."],
];

const KK_CASES = [
  [{"hand":["pickpocket","pickpocket","inspector"],"type":"dealt"}, 0, "You were dealt “Taschendieb”, “Taschendieb”, “Inspektor”.", "Du hast „Taschendieb“, „Taschendieb“, „Inspektor“ bekommen."],
  [{"seat":0,"turn":1,"type":"turn"}, 0, "— Turn 1: your turn —", "— Zug 1: du bist dran —"],
  [{"horse":7,"movement":2,"seat":0,"type":"rolled","why":"roll"}, 0, "You roll: horse 7 Kleiner Prinz, ⚁ 2.", "Du würfelst: Pferd 7 Kleiner Prinz, ⚁ 2."],
  [{"type":"dealt"}, null, "The cards were dealt.", "Die Karten wurden verteilt."],
  [{"seat":0,"turn":1,"type":"turn"}, null, "— Turn 1: Ada —", "— Zug 1: Ada ist dran —"],
  [{"horse":7,"movement":2,"seat":0,"type":"rolled","why":"roll"}, null, "Ada rolls: horse 7 Kleiner Prinz, ⚁ 2.", "Ada würfelt: Pferd 7 Kleiner Prinz, ⚁ 2."],
  [{"kind":"re-roll","seats":[1,2,3],"type":"window"}, 0, "The others may answer the roll with a Neuer Wurf.", "Die anderen dürfen auf den Wurf mit einem Neuen Wurf antworten."],
  [{"reacted":null,"type":"window-closed"}, 0, "Nobody reacts.", "Niemand reagiert."],
  [{"from":0,"horse":7,"to":2,"type":"moved","why":"roll"}, 0, "Horse 7 Kleiner Prinz moves forward, field 0 → 2 (roll).", "Pferd 7 Kleiner Prinz zieht vor, Feld 0 → 2 (Wurf)."],
  [{"card":"inspector","die":null,"play":"inspector 3","seat":0,"type":"played"}, 0, "You play “Inspektor” on Dan.", "Du spielst „Inspektor“ gegen Dan."],
  [{"card":"inspector","die":null,"play":"inspector 3","seat":0,"type":"played"}, null, "Ada plays “Inspektor” on Dan.", "Ada spielt „Inspektor“ gegen Dan."],
  [{"reacted":3,"type":"window-closed"}, 0, "Dan reacts!", "Dan reagiert!"],
  [{"card":"objection","die":null,"play":null,"seat":3,"type":"played"}, 0, "Dan plays “Einspruch”.", "Dan spielt „Einspruch“."],
  [{"card":"inspector","seat":0,"type":"cancelled"}, 0, "Your “Inspektor” is stopped by an Einspruch: nothing happens.", "Deine Karte „Inspektor“ wird durch Einspruch gestoppt: nichts passiert."],
  [{"card":"inspector","seat":0,"type":"cancelled"}, null, "Ada's “Inspektor” is stopped by an Einspruch: nothing happens.", "„Inspektor“ von Ada wird durch Einspruch gestoppt: nichts passiert."],
  [{"card":"gallop","pile":2,"seat":0,"type":"drew"}, 0, "You draw “Galopp” from pile 2.", "Du ziehst „Galopp“ vom Stapel 2."],
  [{"card":null,"pile":2,"seat":0,"type":"drew"}, null, "Ada draws a card from pile 2.", "Ada zieht eine Karte vom Stapel 2."],
  [{"horse":8,"price":9,"seat":1,"type":"bought"}, 0, "Bob buys horse 8 Eisenherz for 9 €.", "Bob kauft Pferd 8 Eisenherz für 9 €."],
  [{"card":null,"pile":2,"seat":1,"type":"drew"}, 0, "Bob draws a card from pile 2.", "Bob zieht eine Karte vom Stapel 2."],
  [{"amount":5,"horse":9,"kind":"free","seat":2,"type":"bet"}, 0, "Cleo bets 5 € of the bank's money on horse 9 Mondschein (Freiwette).", "Cleo wettet 5 € aus dem Geld der Bank auf Pferd 9 Mondschein (Freiwette)."],
  [{"card":null,"from":1,"seat":3,"type":"stole"}, 0, "Dan takes a card from Bob at random.", "Dan zieht eine Karte aus der Hand von Bob."],
  [{"cards":["prize","free-bet"],"paid":5,"seat":3,"type":"discarded"}, 0, "Dan discards “Preisgeld” and “Freiwette” for 5 €.", "Dan legt „Preisgeld“ und „Freiwette“ ab und nimmt 5 €."],
  [{"card":"prize","from":0,"seat":1,"type":"stole"}, 0, "Bob takes “Preisgeld” from you at random.", "Bob zieht „Preisgeld“ aus deiner Hand."],
  [{"card":"reroll","die":"horse","play":null,"seat":0,"type":"played"}, 0, "You play “Neuer Wurf” on the horse die.", "Du spielst „Neuer Wurf“ auf den Pferdewürfel."],
  [{"card":"reroll","die":"horse","play":null,"seat":0,"type":"played"}, null, "Ada plays “Neuer Wurf” on the horse die.", "Ada spielt „Neuer Wurf“ auf den Pferdewürfel."],
  [{"horse":7,"seat":2,"type":"ability","used":false}, 0, "Cleo leaves the ability of horse 7 Kleiner Prinz unused.", "Cleo verzichtet auf die Eigenschaft von Pferd 7 Kleiner Prinz."],
  [{"amount":5,"seat":1,"type":"paid","why":"Preisgeld"}, 0, "Bob takes 5 € (“Preisgeld”).", "Bob nimmt 5 € („Preisgeld“)."],
  [{"horse":5,"place":1,"type":"finished"}, 0, "Horse 5 Glückskeks finishes in 1st place!", "Pferd 5 Glückskeks ist im Ziel: 1. Platz!"],
  [{"piles":[44,44],"type":"reshuffled"}, 0, "The discard pile is shuffled into two new piles of 44 and 44 cards.", "Der Ablagestapel wird zu zwei neuen Stapeln mit 44 und 44 Karten gemischt."],
  [{"ladder":[5,4,9],"type":"game-over"}, 0, "The race is over: 1st horse 5 Glückskeks, 2nd horse 4 Nebelläufer, 3rd horse 9 Mondschein.", "Das Rennen ist vorbei: 1. Pferd 5 Glückskeks, 2. Pferd 4 Nebelläufer, 3. Pferd 9 Mondschein."],
  [{"hand":null,"seat":7,"target":3,"type":"inspected"}, 0, "Hans looks at Dan's hand.", "Hans sieht sich die Hand von Dan an."],
  [{"card":null,"seat":7,"target":3,"type":"took"}, 0, "Hans takes a card from Dan's hand (Inspektor).", "Hans nimmt eine Karte aus der Hand von Dan (Inspektor)."],
  [{"hand":["gallop","prize","prize","prize","free-bet","free-bet","late-bet"],"seat":0,"target":3,"type":"inspected"}, 0, "You look at Dan's hand: “Galopp”, “Preisgeld”, “Preisgeld”, “Preisgeld”, “Freiwette”, “Freiwette”, “Späte Wette”.", "Du siehst dir die Hand von Dan an: „Galopp“, „Preisgeld“, „Preisgeld“, „Preisgeld“, „Freiwette“, „Freiwette“, „Späte Wette“."],
  [{"card":"late-bet","seat":0,"target":3,"type":"took"}, 0, "You take “Späte Wette” from Dan's hand (Inspektor).", "Du nimmst „Späte Wette“ aus der Hand von Dan (Inspektor)."],
  // Hand-made, in the same serialisation: the rarer lines.
  [{"horse":1,"seat":0,"type":"ability","used":true}, 0, "You use the ability of horse 1 Donnerhuf.", "Du nutzt die Eigenschaft von Pferd 1 Donnerhuf."],
  [{"horse":6,"seat":1,"type":"ability","used":true}, 0, "Bob uses the ability of horse 6 Sturmwind.", "Bob nutzt die Eigenschaft von Pferd 6 Sturmwind."],
  [{"horse":7,"seat":0,"type":"ability","used":false}, 0, "You leave the ability of horse 7 Kleiner Prinz unused.", "Du verzichtest auf die Eigenschaft von Pferd 7 Kleiner Prinz."],
  [{"horse":4,"movement":3,"seat":1,"type":"rolled","why":"second chance"}, 0, "Bob rolls: horse 4 Nebelläufer, ⚂ 3 (second chance).", "Bob würfelt: Pferd 4 Nebelläufer, ⚂ 3 (Zweite Chance)."],
  [{"horse":10,"movement":1,"seat":0,"type":"rolled","why":"re-roll"}, 0, "You roll: horse 10 Letzte Hoffnung, ⚀ 1 (Neuer Wurf).", "Du würfelst: Pferd 10 Letzte Hoffnung, ⚀ 1 (Neuer Wurf)."],
  [{"kind":"objection","seats":[0,2],"type":"window"}, 0, "The others may answer the card with an Einspruch.", "Die anderen dürfen auf die Karte mit einem Einspruch antworten."],
  [{"reacted":0,"type":"window-closed"}, 0, "You react!", "Du reagierst!"],
  [{"card":"gallop","die":null,"play":"gallop 4","seat":1,"type":"played"}, 0, "Bob plays “Galopp” on horse 4 Nebelläufer.", "Bob spielt „Galopp“ auf Pferd 4 Nebelläufer."],
  [{"card":"h4","die":null,"play":"h4","seat":0,"type":"played"}, 0, "You play “Pferd 4 +2”.", "Du spielst „Pferd 4 +2“."],
  [{"card":"pickpocket","die":null,"play":"pickpocket 0","seat":2,"type":"played"}, 0, "Cleo plays “Taschendieb” on you.", "Cleo spielt „Taschendieb“ gegen dich."],
  [{"card":"reroll","die":"movement","play":null,"seat":3,"type":"played"}, 0, "Dan plays “Neuer Wurf” on the movement die.", "Dan spielt „Neuer Wurf“ auf den Bewegungswürfel."],
  [{"from":5,"horse":2,"to":3,"type":"moved","why":"Schlammbahn"}, null, "Horse 2 Silberpfeil moves back, field 5 → 3 (“Schlammbahn”).", "Pferd 2 Silberpfeil zieht zurück, Feld 5 → 3 („Schlammbahn“)."],
  [{"from":3,"horse":9,"to":5,"type":"moved","why":"sprint bar"}, null, "Horse 9 Mondschein moves forward, field 3 → 5 (sprint bar).", "Pferd 9 Mondschein zieht vor, Feld 3 → 5 (Sprintleiste)."],
  [{"from":0,"horse":3,"to":1,"type":"moved","why":"ability of horse 3"}, null, "Horse 3 Rote Rakete moves forward, field 0 → 1 (ability of horse 3).", "Pferd 3 Rote Rakete zieht vor, Feld 0 → 1 (Eigenschaft von Pferd 3)."],
  [{"horse":6,"place":3,"type":"finished"}, null, "Horse 6 Sturmwind finishes in 3rd place!", "Pferd 6 Sturmwind ist im Ziel: 3. Platz!"],
  [{"amount":5,"seat":0,"type":"paid","why":"ability of horse 2"}, 0, "You take 5 € (ability of horse 2).", "Du nimmst 5 € (Eigenschaft von Pferd 2)."],
  [{"horse":5,"price":6,"seat":0,"type":"bought"}, 0, "You buy horse 5 Glückskeks for 6 €.", "Du kaufst Pferd 5 Glückskeks für 6 €."],
  [{"amount":5,"horse":3,"kind":"bet","seat":0,"type":"bet"}, 0, "You bet 5 € on horse 3 Rote Rakete.", "Du wettest 5 € auf Pferd 3 Rote Rakete."],
  [{"amount":5,"horse":3,"kind":"bet","seat":4,"type":"bet"}, 0, "Eve bets 5 € on horse 3 Rote Rakete.", "Eve wettet 5 € auf Pferd 3 Rote Rakete."],
  [{"amount":5,"horse":8,"kind":"late","seat":5,"type":"bet"}, 0, "Fritz bets 5 € on horse 8 Eisenherz (Späte Wette).", "Fritz wettet 5 € auf Pferd 8 Eisenherz (Späte Wette)."],
  [{"amount":5,"horse":8,"kind":"free","seat":0,"type":"bet"}, 0, "You bet 5 € of the bank's money on horse 8 Eisenherz (Freiwette).", "Du wettest 5 € aus dem Geld der Bank auf Pferd 8 Eisenherz (Freiwette)."],
  [{"cards":["whip","mud"],"paid":5,"seat":0,"type":"discarded"}, 0, "You discard “Peitsche” and “Schlammbahn” for 5 €.", "Du legst „Peitsche“ und „Schlammbahn“ ab und nimmst 5 €."],
  [{"card":"whip","from":2,"seat":0,"type":"stole"}, 0, "You take “Peitsche” from Cleo at random.", "Du ziehst „Peitsche“ aus der Hand von Cleo."],
  [{"hand":null,"seat":4,"target":0,"type":"inspected"}, 0, "Eve looks at your hand.", "Eve sieht sich deine Hand an."],
  [{"card":"prize","seat":4,"target":0,"type":"took"}, 0, "Eve takes “Preisgeld” from your hand (Inspektor).", "Eve nimmt „Preisgeld“ aus deiner Hand (Inspektor)."],
  // Rules 2: sprint-bar horses left where they are, the 3's card declined, bets of 1 to 5 €.
  [{"horses":[2,4],"seat":0,"type":"held"}, 0, "You do not move horse 2 Silberpfeil and horse 4 Nebelläufer (sprint bar).", "Du ziehst Pferd 2 Silberpfeil und Pferd 4 Nebelläufer nicht (Sprintleiste)."],
  [{"horses":[1,2,4],"seat":1,"type":"held"}, null, "Bob does not move horse 1 Donnerhuf, horse 2 Silberpfeil and horse 4 Nebelläufer (sprint bar).", "Bob zieht Pferd 1 Donnerhuf, Pferd 2 Silberpfeil und Pferd 4 Nebelläufer nicht (Sprintleiste)."],
  [{"horses":[5],"seat":1,"type":"held"}, 0, "Bob does not move horse 5 Glückskeks (sprint bar).", "Bob zieht Pferd 5 Glückskeks nicht (Sprintleiste)."],
  [{"from":2,"seat":0,"type":"declined"}, 0, "You take no card from Cleo for the 3.", "Du ziehst für die 3 keine Karte von Cleo."],
  [{"from":0,"seat":1,"type":"declined"}, 0, "Bob takes no card from you for the 3.", "Bob zieht für die 3 keine Karte von dir."],
  [{"from":null,"seat":3,"type":"declined"}, null, "Dan takes no card from a pile for the 3.", "Dan nimmt für die 3 keine Karte vom Stapel."],
  [{"from":null,"seat":0,"type":"declined"}, 0, "You take no card from a pile for the 3.", "Du nimmst für die 3 keine Karte vom Stapel."],
  [{"amount":3,"horse":3,"kind":"bet","seat":0,"type":"bet"}, 0, "You bet 3 € on horse 3 Rote Rakete.", "Du wettest 3 € auf Pferd 3 Rote Rakete."],
];

function checkCases(module, cases, types) {
  const covered = new Set(cases.map(([event]) => event.type));
  assert.deepEqual(types.filter((type) => !covered.has(type)), [], 'a sample for every event type');
  for (language of ['en', 'de']) {
    for (const [event, you, en, de] of cases) {
      const line = module.describe({ text: 'server line', event }, ctxFor(you));
      assert.equal(line, language === 'en' ? en : de, `${language}: ${JSON.stringify(event)} seen by ${you}`);
    }
  }
  assert.deepEqual(warnings, [], 'no missing string');
}

test('Knock Out: every event type reads in English and German, with the viewer as "You"/"Du"', () => {
  checkCases(ko, KO_CASES, KO_TYPES);
});

test('Kopf an Kopf: every event type reads in English and German, with the viewer as "You"/"Du"', () => {
  checkCases(kk, KK_CASES, KK_TYPES);
});

test('an event describe cannot read gives an empty line, so the caller shows the server text', () => {
  for (language of ['en', 'de']) {
    for (const module of [ko, kk]) {
      assert.equal(module.describe({ text: 'x', event: { type: 'no-such-event' } }, ctxFor(0)), '');
      assert.equal(module.describe({ text: 'x' }, ctxFor(0)), '');
      assert.equal(module.describe({ text: 'x', event: null }, ctxFor(0)), '');
      assert.equal(module.reasonText({ code: 'no-such-reason', text: 'x' }, ctxFor(0)), '');
      assert.equal(module.reasonText(null, ctxFor(0)), '');
    }
    assert.equal(kk.describe({ text: 'x', event: { type: 'window', kind: 'other', seats: [] } }, ctxFor(0)), '');
  }
});

test('the boxers and horses are named from the table\'s edition when the config carries it', () => {
  language = 'de';
  const table = { config: { edition: { names: { light: ['Max', 'Moritz'], heavy: ['Bolle', 'Kalle'] }, horses: [{ name: 'Blitz' }] } } };
  const ctx = { ...ctxFor(null), table };
  assert.equal(ko.describe({ event: { type: 'knocked-out', boxer: '1H' } }, ctx), 'Kalle (Bob) ist für diese Saison K.O.');
  assert.equal(kk.describe({ event: { type: 'finished', horse: 1, place: 2 } }, ctx), 'Pferd 1 Blitz ist im Ziel: 2. Platz!');
  language = 'en';
});

test('the end reasons read in English and German, the richest named as the viewer sees them', () => {
  const cases = [
    [ko, { code: 'no-challenge-left', text: 'nobody could challenge after fight 5: every pairing of boxers was barred; after the final settlement seat 0 has the most money, 232000 S' }, 0,
      'Nobody could challenge any more after fight 5: every pairing of boxers was barred. Most money after the final settlement: you, 232,000 S.',
      'Nach Kampf 5 konnte niemand mehr herausfordern: jede Paarung von Boxern war ausgeschlossen. Das meiste Geld nach der Schlussabrechnung: du, 232.000 S.'],
    [ko, { code: 'out-of-fight-cards', text: 'nobody could challenge after fight 11 of season 2: fewer than two managers held 3 fight cards; after the final settlement seat 1 and seat 2 share the most money, 322000 S' }, 0,
      'Nobody could challenge any more after fight 11 of season 2: fewer than two managers still held 3 fight cards. Most money after the final settlement: Bob and Cleo, 322,000 S each.',
      'Nach Kampf 11 der Saison 2 konnte niemand mehr herausfordern: weniger als zwei Manager hatten noch 3 Kampfkarten. Das meiste Geld nach der Schlussabrechnung: Bob und Cleo, je 322.000 S.'],
    // A text in another shape: the code alone still says what happened.
    [ko, { code: 'out-of-fight-cards', text: '' }, null,
      'Nobody could challenge any more: fewer than two managers still held enough fight cards.',
      'Niemand konnte mehr herausfordern: weniger als zwei Manager hatten noch genug Kampfkarten.'],
    [kk, { code: 'third-horse-finished', text: 'the third horse finished: 1st 5 Glückskeks, 2nd 4 Nebelläufer, 3rd 9 Mondschein; after the bets were paid seat 1 has the most money, 80 €' }, 0,
      'The third horse has finished: 1st horse 5 Glückskeks, 2nd horse 4 Nebelläufer, 3rd horse 9 Mondschein. Most money after the bets were paid: Bob, 80 €.',
      'Das dritte Pferd ist im Ziel: 1. Pferd 5 Glückskeks, 2. Pferd 4 Nebelläufer, 3. Pferd 9 Mondschein. Das meiste Geld nach Auszahlung der Wetten: Bob, 80 €.'],
    [kk, { code: 'third-horse-finished', text: 'the third horse finished: 1st 10 Letzte Hoffnung, 2nd 1 Donnerhuf, 3rd 7 Kleiner Prinz; after the bets were paid seat 0 and seat 3 share the most money, 81 €' }, 0,
      'The third horse has finished: 1st horse 10 Letzte Hoffnung, 2nd horse 1 Donnerhuf, 3rd horse 7 Kleiner Prinz. Most money after the bets were paid: you and Dan, 81 € each.',
      'Das dritte Pferd ist im Ziel: 1. Pferd 10 Letzte Hoffnung, 2. Pferd 1 Donnerhuf, 3. Pferd 7 Kleiner Prinz. Das meiste Geld nach Auszahlung der Wetten: du und Dan, je 81 €.'],
    [kk, { code: 'third-horse-finished', text: '' }, null, 'The third horse has finished.', 'Das dritte Pferd ist im Ziel.'],
  ];
  for (language of ['en', 'de']) {
    for (const [module, reason, you, en, de] of cases) {
      assert.equal(module.reasonText(reason, ctxFor(you)), language === 'en' ? en : de, `${language}: ${reason.code} ${reason.text}`);
    }
  }
  language = 'en';
});

test('Kopf an Kopf card and ability texts of the view read in German and stay as given in English', () => {
  // The view's English texts with the default edition's numbers (crates/kopf-an-kopf/src/view.rs).
  const cards = [
    ['horse 4 moves 2 forward; not once a horse has finished', 'Pferd 4 zieht 2 Felder vor; nicht mehr, sobald ein Pferd im Ziel ist'],
    ['any racing horse moves 1 forward; not once a horse has finished', 'ein Pferd im Rennen zieht 1 Feld vor; nicht mehr, sobald ein Pferd im Ziel ist'],
    ['any racing horse moves 2 back', 'ein Pferd im Rennen zieht 2 Felder zurück'],
    ['take 5 €', 'nimm 5 €'],
    ['take 10 € if you own the leading horse', 'nimm 10 €, wenn dir das führende Pferd gehört'],
    ["bet 5 € of the bank's money; no place, nothing back", 'wette 5 € aus dem Geld der Bank; ohne Platz gibt es nichts zurück'],
    ['bet 5 € on any racing horse, dark zone allowed', 'wette 5 € auf ein Pferd im Rennen, auch im dunklen Bereich'],
    ['take a random card from another player', 'ziehe eine zufällige Karte aus der Hand eines Mitspielers'],
    ['look at a hand and take one card', 'sieh dir eine Hand an und nimm eine Karte daraus'],
    ['buy a horse for half its price', 'kaufe ein Pferd zum halben Preis'],
    ['the rolled horse moves its roll again', 'das gewürfelte Pferd zieht seinen Wurf noch einmal'],
    ['reaction: stop a card another player plays', 'Reaktion: stoppt eine Karte, die ein anderer spielt'],
    ['reaction: after a roll, roll one die again', 'Reaktion: nach einem Wurf einen Würfel neu würfeln'],
  ];
  const abilities = [
    ['if it leads alone: draw 1 card(s)', 'führt es allein: ziehe 1 Karte'],
    ['if another horse is level with it: take 5 €', 'steht ein anderes Pferd gleichauf: nimm 5 €'],
    ['if it is last: may move it 1 forward', 'ist es das letzte Pferd: du darfst es 1 Feld vorziehen'],
    ['if it is in the dark zone: take 5 €', 'steht es im dunklen Bereich: nimm 5 €'],
    ['if you hold fewer than 3 cards: draw one', 'hast du weniger als 3 Karten: ziehe eine'],
    ['must move the nearest horse ahead of it 1 back', 'du musst das nächste Pferd vor ihm 1 Feld zurückziehen'],
    ['if it is behind horse 1: may move it 1 forward', 'liegt es hinter Pferd 1: du darfst es 1 Feld vorziehen'],
    ['if it is at the start: take 5 €', 'steht es noch am Start: nimm 5 €'],
    ['if it is level with horse 10: may move it 1 forward', 'steht es gleichauf mit Pferd 10: du darfst es 1 Feld vorziehen'],
    ['none', 'keine'],
  ];
  for (language of ['en', 'de']) {
    for (const [english, german] of cards) assert.equal(kkLog.cardText(english), language === 'en' ? english : german);
    for (const [english, german] of abilities) assert.equal(kkLog.abilityText(english), language === 'en' ? english : german);
    // A text of a changed server version is shown as it comes.
    assert.equal(kkLog.cardText('something new'), 'something new');
    assert.equal(kkLog.abilityText('something new'), 'something new');
  }
  language = 'en';
  assert.deepEqual(warnings, [], 'no missing string');
});

/** The {slots} a text uses. */
const slots = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every strings table has a German text for each English key, with the same slots', () => {
  for (const [name, table] of [['knock-out', koStrings], ['kopf-an-kopf', kkStrings], ['generic', genericStrings]]) {
    const en = Object.keys(table.en);
    const de = Object.keys(table.de);
    assert.deepEqual(en.filter((k) => !(k in table.de)), [], `${name}: English keys without German`);
    assert.deepEqual(de.filter((k) => !(k in table.en)), [], `${name}: German keys without English`);
    // (A function in one language and a text in the other is fine: only one may need plurals.)
    for (const key of en) {
      if (typeof table.en[key] === 'string' && typeof table.de[key] === 'string') {
        assert.deepEqual(slots(table.de[key]), slots(table.en[key]), `${name} ${key}: the same slots`);
      }
    }
  }
});

test('the renderers\' own lines (stake, score note, action labels) speak the page\'s language', () => {
  language = 'de';
  assert.match(ko.scoreNote(), /^Wertung: Geld am Ende, in Schmelings/);
  assert.equal(ko.stake({ view: { phase: 'fight', fight: { exchanges: [{}] } } }), 'Kampfrunde 2 von 3 — spiele eine Karte; beide Karten werden gleichzeitig aufgedeckt');
  assert.equal(ko.money(-1234567), '−1.234.567 S');
  assert.match(kk.scoreNote(), /^Wertung: Geld am Ende, in €/);
  const view = { horses: [{ number: 1, name: 'Donnerhuf' }], phase: 'reaction' };
  assert.equal(kk.actionLabel('play gallop 1', view), 'Galopp auf Pferd 1 Donnerhuf spielen');
  assert.equal(kk.actionLabel('play pickpocket 2', view, (s) => NAMES[s]), 'Taschendieb gegen Cleo spielen');
  assert.equal(kk.actionLabel('pass', view), 'Geschehen lassen');
  assert.equal(kk.actionLabel('bet 1 3', view), '3 € auf Pferd 1 Donnerhuf wetten');
  assert.equal(kk.actionLabel('bet 1', view), '5 € auf Pferd 1 Donnerhuf wetten');
  assert.equal(kk.actionLabel('decline', { phase: 'sprint', sprinters: [2, 4] }), 'Pferde 2, 4 stehen lassen');
  assert.equal(kk.actionLabel('decline', { phase: 'sprint', sprinters: [4] }), 'Pferd 4 stehen lassen');
  assert.equal(kk.actionLabel('decline', { phase: 'three-card' }), 'Keine Karte nehmen');
  assert.equal(kk.actionLabel('steal', { phase: 'three-card', three_from: 2 }, (s) => NAMES[s]), 'Zufällige Karte von Cleo ziehen');
  assert.equal(kk.actionLabel('sprint 4', { horses: [] }), 'Pferd 4 jetzt ziehen');
  assert.equal(kk.stake({ view: { window: { kind: 'objection', stack: [{ seat: 1, card: 'mud' }] } }, table: { seats: [{ name: 'Ada' }, { name: 'Bob' }] } }),
    '„Schlammbahn“ von Bob: spiele einen Einspruch oder lass es geschehen');
  language = 'en';
  assert.match(ko.scoreNote(), /^Score: money at the end, in Schmelings/);
  assert.equal(ko.money(-1234567), '−1,234,567 S');
  assert.equal(kk.actionLabel('discard prize h3', { horses: [] }), 'Discard Preisgeld + Pferd 3 +2');
  assert.equal(kk.actionLabel('bet 1 2', view), 'Bet 2 € on horse 1 Donnerhuf');
  assert.equal(kk.actionLabel('decline', { phase: 'sprint', sprinters: [2, 4] }), 'Leave horses 2, 4 where they are');
  assert.equal(kk.actionLabel('decline', { phase: 'three-card' }), 'Take no card');
  assert.equal(kk.actionLabel('steal', { phase: 'three-card', three_from: 1 }, (s) => NAMES[s]), 'Take a random card from Bob');
  assert.deepEqual([...kk.betOptions(['bet 3 2', 'bet 3 1', 'bet 7 1', 'buy 3', 'play gallop 3']).entries()], [[3, [1, 2]], [7, [1]]]);
  assert.match(kk.stake({ view: { window: { kind: 're-roll' }, dice: { horse: 4, movement: 2 } } }), /^horse 4 is to move 2: play a Re-roll \(Neuer Wurf\)/);
  assert.deepEqual(warnings, [], 'no missing string');
});
