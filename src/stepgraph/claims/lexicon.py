"""The words the prose reader understands (English, with the words of German, French,
Spanish, Italian, Dutch and Portuguese merged in from ``langs``), grouped by what they do
in a sentence about prices.

A word outside these sets stops a recognised form: the reader never guesses past it.
"""

from __future__ import annotations

from itertools import pairwise

from . import langs

# fmt: off

NEGATIONS = {"not", "no", "never", "isn't", "doesn't", "don't", "aren't", "wasn't", "weren't",
             "cannot", "can't", "won't", "wouldn't", "hasn't", "haven't", "neither", "nor", "none",
             "nothing", "nobody", "without", "nicht", "kein", "keine", "pas", "ne", "n'est", "ni",
             "nunca", "jamais", "ninguna", "ninguno", "nein", "isnt", "doesnt", "fails"}
SCARCELY = {"hardly", "barely", "scarcely"}
"""``barely more expensive`` (slightly) or ``hardly the cheapest`` (not): never read."""
HEDGES = {"about", "around", "roughly", "approximately", "approx", "nearly", "almost", "circa",
          "ca", "some", "close", "ungefähr", "etwa", "environ", "presque", "près", "casi",
          "aproximadamente", "unos", "unas", "ballpark", "~", "under", "over", "below", "above",
          "least", "most", "upwards", "odd", "autour"}
"""Words that loosen a number: it is compared within a tolerance, never marked checked."""
MODALS = {"maybe", "perhaps", "probably", "likely", "might", "may", "could", "seems", "seem",
          "appears", "appear", "apparently", "arguably", "possibly", "presumably", "estimated",
          "estimate", "guess", "think", "believe", "assume", "should", "must", "if", "unless",
          "would", "wohl", "vielleicht", "peut-être", "quizás", "quizá", "probablemente", "sans",
          "expected", "expect", "roughly", "suppose", "assuming", "hypothetically", "unclear",
          "uncertain", "unsure", "reportedly", "allegedly", "supposedly", "claims", "claimed",
          "said", "says"}
"""Words that make a sentence uncertain: what it states is still checked, never marked checked."""
PRONOUNS = {"it", "its", "it's", "they", "them", "their", "this", "that", "these", "those",
            "which", "former", "latter", "others", "other", "rest", "remaining", "one", "ones",
            "both", "either", "each", "everything", "everyone", "he", "she", "we", "you", "il",
            "elle", "er", "sie", "es", "ella", "ello"}
FOREIGN = {"le", "la", "les", "est", "et", "un", "une", "des", "du", "de", "pour", "par", "mois",
           "que", "moins", "plus", "cher", "chère", "coûte", "der", "die", "das", "ist", "und",
           "mit", "im", "pro", "monat", "als", "günstigste", "günstiger", "angebot", "el", "los",
           "las", "es", "y", "con", "al", "mes", "más", "barata", "barato", "oferta", "cuesta",
           "menos", "à", "l'offre", "contre", "aber", "beste", "teurer", "teuerste", "caro",
           "cara", "por", "para", "wir", "empfehlen", "recommandons", "recomendamos", "offre",
           "euros"}
CHEAP_SUP = {"cheapest", "lowest", "least", "affordable", "economical", "günstigste",
             "günstigsten", "billigste", "billigsten", "preiswerteste", "preiswertesten", "winner",
             "wins", "bottom", "lowest-priced", "lowest-cost", "best"}
DEAR_SUP = {"priciest", "highest", "costliest", "dearest", "teuerste", "teuersten",
            "highest-priced", "top"}
CHEAP_CMP = {"cheaper", "less", "lower", "below", "günstiger", "billiger", "preiswerter", "moins",
             "menos", "undercuts", "undercut", "undercutting", "beats", "beat", "beating", "saves",
             "save", "saving", "savings", "underprices", "edges", "edged"}
DEAR_CMP = {"more", "pricier", "costlier", "dearer", "higher", "above", "teurer", "exceeds",
            "exceed"}
THAN = {"than", "que", "als", "to", "with", "versus", "vs", "against", "over", "as", "relative",
        "compared", "à", "a"}
COMPARISON = (
    CHEAP_SUP
    | DEAR_SUP
    | CHEAP_CMP
    | DEAR_CMP
    | {"expensive", "costly", "most", "tie", "tied", "ties", "same", "equal", "equally",
       "identical", "match", "matches", "difference", "differs", "gap", "cheap", "priced",
       "ranked", "rank", "ranks", "ranking", "order", "ascending", "descending", "first", "second",
       "third", "fourth", "fifth", "sixth", "last", "next", "runner-up", "middle", "only", "half",
       "twice", "double", "quarter", "range", "ranges", "between", "under", "over", "exceed",
       "span", "all", "every", "cher", "barata", "barato", "caro", "cara", "teuer", "günstig",
       "best", "better", "worse", "worst", "premium", "budget", "percent", "per", "cent", "%", "x",
       "times", "reduction", "discount", "markup", "surcharge", "increase", "decrease", "within",
       "extra", "additional",
       "beyond", "max", "min", "maximum", "minimum", "up", "down", "top", "bottom", "follows",
       "behind", "ahead", "exactly", "strictly", "slightly", "marginally", "much", "far",
       "significantly"}
)
OFFER_NOUNS = {"offer", "offers", "option", "options", "plan", "plans", "quote", "quotes",
               "tender", "tenders", "bid", "bids", "package", "tier", "deal", "supplier",
               "provider", "vendor", "proposal", "one", "choice", "angebot", "offre", "oferta",
               "opción", "l'offre", "pick", "alternative", "contract", "subscription", "service",
               "listing", "item", "entry", "entries", "product", "flat", "apartment", "room",
               "unit", "document",
               "file", "sheet", "tools", "tool", "apps", "app", "platforms", "platform",
               "solutions", "suites", "policies", "policy", "tariffs", "tariff", "services",
               "products", "providers", "vendors", "suppliers", "contracts", "deals",
               "packages", "tiers", "proposals", "insurers", "operators", "units",
               "carriers", "networks", "hosts", "gyms", "clubs", "pack", "packs", "bundle",
               "bundles", "membership", "memberships", "lease", "leases", "pass", "passes",
               "insurer", "gym"}
PRICE_NOUNS = {"price", "prices", "cost", "costs", "fee", "fees", "rate", "rates", "charge",
               "monthly", "annual", "yearly", "price-wise", "preis", "prix", "precio", "figure",
               "amount", "total", "rental", "rentals", "rent", "premium", "premiums", "payment",
               "payments"}
FILLERS = {"well", "comfortably",
           "is", "are", "was", "were", "be", "been", "being", "remains", "remain", "stays", "'s",
           "s", "'", "has", "have", "had", "comes", "come", "came", "coming", "in", "as", "would",
           "will", "clearly", "still", "definitely", "really", "currently", "also", "therefore",
           "thus", "then", "easily", "indeed", "now", "actually", "overall", "here", "the", "an",
           "only", "just", "exactly", "strictly", "slightly", "marginally", "much", "single",
           "sole", "outright", "uniquely", "alone", "literally", "truly", "genuinely",
           "significantly", "considerably", "substantially", "noticeably", "bit", "somewhat",
           "ist", "est", "es", "è", "sind", "son", "source", "-", ",", ":", "(", ")", "by", "far",
           "to",
           "plainly", "obviously", "evidently", "certainly", "simply", "consistently", "price",
           "on", "terms", "of", "wise", "price-wise", "monthly", "works", "out", "turns", "proves",
           "emerges", "ends", "up", "sits", "sit", "stands", "lands", "ranks", "at", "costs",
           "cost", "priced", "charges", "bills", "asks", "quotes", "lists", "offers", "gives",
           "provides", "shows",
           "states", "displays",
           "follows", "next", "totals", "amounts", "runs", "coûte", "kostet", "cuesta", "liegt",
           "bei", "beträgt", "vaut", "mit", "con", "à", "la", "le", "das", "die", "der", "el",
           "which", "that", "this", "a", "for", "with", "going", "goes", "itself", "does", "do",
           "did",
           "nettement", "deutlich", "mucho", "bien", "über", "una", "un", "une",
           # degree adverbs before a comparative: "etwas günstiger", "légèrement moins cher"
           "etwas", "leicht", "wesentlich", "erheblich", "spürbar", "geringfügig", "merklich",
           "légèrement", "sensiblement", "ligeramente", "algo", "notablemente", "leggermente",
           "nettamente", "iets", "aanzienlijk", "beduidend", "ligeiramente", "bastante",
           "net", "beetje",  # "net iets goedkoper", "een beetje duurder"
           "noch", "tick", "tacken", "ticken",  # "noch einen Tick günstiger"
           # "se situe à", "se sitúa en", "revient à": where a price lies
           "se", "situe", "situent", "sitúa", "sitúan", "revient", "reviennent", "narrowly",
           # verbs of charging: "cobra 79,00 €", "pede 165,00 €", "verlangt 49 €"
           "cobra", "cobran", "pide", "piden", "pede", "pedem", "verlangt", "berechnet",
           "facture", "facturent", "chiede", "chiedono", "rekent", "vraagt", "sai", "saem",
           "sale", "salen"}
CONNECTORS = {"and", ",", "while", "whereas", "but", "which", "so", "or", "(", ")", "-", ":",
              "making", "that", "with", "y", "et", "und", "aber", "mais", "pero", "is", "it",
              "comes", "to", "amounting", "works", "out", "totalling", "totaling", "i.e", "ie",
              "namely", "meaning", "thus", "hence", "giving", "at", "for", "still", "and,",
              "whilst", "yet", "plus", "contre", "versus", "vs", "compared", "against", "over",
              "the", "s", "'s", "'"}
YEAR_CONTEXT = {"year", "years", "annual", "annually", "yearly", "twelve-month", "12-month",
                "per annum", "jahr", "año", "anual", "annuel", "jährlich"}
OTHER_CONTEXT = {"period", "week", "weeks", "day", "days", "quarter", "quarters", "hour", "hours",
                 "weekly",
                 "daily", "quarterly", "two-year", "24-month", "36-month", "lifetime", "total",
                 "contract", "term", "lease", "together", "combined",
                 "altogether", "jointly", "zusammen", "ensemble", "juntos", "insieme", "samen"}
NON_PRICE_MONEY = {
    "iptu", "imposto", "impuesto", "predial", "deducible", "siniestro",
    "franquia", "omavastuu", "spoluúčast", "aktywacja", "aktywację", "aktywacji", "aktivace",
    "aktywacyjną", "aktywacyjnej", "jednorazową", "jednorazowej",
    "aktivering", "jednorazowo", "jednorazowa", "jednorazowy", "jednorazowe", "jednorázově",
    "jednorázový", "jednorázová", "einmalig", "einmalige", "einmaligen", "einmaliges",
    "einmaliger", "eenmalig", "buyout", "buy-out", "budgeted", "discounts",
    "connector", "connectors", "courier",
    "eenmalige", "kertamaksu",
    "excess", "excesses", "deductible", "deductibles", "cover", "coverage", "insured", "limit",
    "limits", "cap", "caps", "capped", "balance", "balances", "waived", "waiver", "requirement",
    "startleie", "etableringsgebyr", "engangsbeløp", "startgebyr", "oppstartsgebyr",
    "bonus", "cashback", "voucher", "vouchers", "credit", "credits", "cupom", "cupons",
    "cupón", "cupones", "coupon", "coupons", "gutschein", "coparticipação",
    "deposit", "deposits", "bond", "bonds", "refund", "penalty", "exit", "cancellation",
    "selbstbehalt", "saldo", "solde", "guthaben",
    "termination", "activation",
    "installation", "one-off", "upfront", "up-front", "hardware", "router", "handset", "payout",
    "compensation", "liability", "worth", "reward", "rewards", "gift", "selbstbeteiligung",
    "versicherungssumme", "deckungssumme", "franquicia", "franchise", "franchigia",
    "franquicias", "franchises", "franchigie", "multa", "multas", "rescisória", "pénalité",
    "pénalités", "penale", "vertragsstrafe", "mitversichert", "versichert", "assurés",
    "eigen", "risico", "eigenrisico", "massimale", "kaution", "gutschrift", "remboursement",
    "reembolso", "rimborso", "fianza", "caution", "prime", "overage", "messages", "message",
    "sms", "texts", "rises", "rise", "rising", "increases", "jumps", "reverts", "renewal",
    "thereafter", "afterwards", "introductory", "promotional", "kwh", "kw", "mwh", "p/kwh",
    "sonderzahlung", "anzahlung", "entrada", "anticipo", "installazione", "instalación",
    "tantum", "dépôt", "garantie", "vastrecht", "grundpreis", "standing", "duty", "paperwork",
    "alta", "bereitstellungsgebühr", "bereitstellung", "einrichtung", "downpayment",
    "mileage", "annual-billing", "rebuild", "surveyor", "insuring", "nebenkosten", "kalt",
    "kaltmiete", "delivery", "postage", "shipping", "initial", "add-on", "addon", "add-ons",
    "selvrisiko", "selvrisikoen", "självrisk", "självrisken", "egenandel", "egenandelen",
    "wpisowe", "opłata", "opłaty", "aktywacyjna", "udział", "udziałem", "joia", "inscrição",
    "iscrizione", "inscripción", "matrícula", "matricula", "adhésion", "inschrijfgeld",
    "opzegboete", "boete", "optique", "dentaire", "plafond", "orthodontie", "onboarding",
    "registration", "induction", "initiation", "joining", "enrolment", "enrollment", "fund",
    "apr", "escalator", "interest", "claim", "claims", "kilometres",
    "kilometers", "outlay", "signing", "prepay", "prepayment", "prepaying", "migration",
    "glossary", "install", "beyond", "supplémentaire", "mise", "clean", "rush",
    "express", "urgent", "overtime", "after", "connection", "après", "apport", "inscription",
    "treuebonus", "rabattschutz", "sb", "überführung", "deposito", "cauzionale", "desembolso",
    "mantenimiento", "opcional", "optional", "optionnel", "opzionale", "copago", "copagos",
    "aufnahmegebühr", "anschlussgebühr", "kit", "autopay", "discount", "prévention", "assessment",
    "equipment", "benefit", "expenses", "deposition", "depositionen", "depositum", "kaucja",
    "kaucji", "kaucję", "depozyt", "depozytu", "deponering", "borgtocht", "waarborgsom",
}  # fmt: skip
CHARGE_SUFFIXES = ("kosten", "gebühr", "gebühren", "gebyr", "gebyret", "avgift", "avgiften",
                   "maksu", "maksun",
                   "boete", "risiko", "risikoen", "preis", "pris", "prisen", "geld",
                   "bonus", "satz", "stundenlohn", "entgelt", "entgelte", "pauschale",
                   "pauschalen")  # fmt: skip
"""Compound words that end in a charge (``installatiekosten``, ``Bereitstellungspreis``,
``oprettelsesgebyr``, ``startavgift``): a charge, whatever comes before."""


_CJK_CHARGES = ("\u624b\u6570\u6599", "\u521d\u671f\u8cbb\u7528", "\u4e00\u56de",
                "\u5de5\u4e8b\u8cbb", "\u9055\u7d04\u91d1", "\u4fdd\u8a3c\u91d1",
                "\u6577\u91d1", "\u793c\u91d1", "\u9001\u6599")  # fmt: skip
"""Japanese fees: handling fee, initial cost, once, works, penalty, deposit, key money,
shipping."""


FIRST_WORDS = frozenset({"first", "première", "premier", "primo", "prima", "erste", "ersten",
                         "erstes", "primer", "primera", "eerste", "primeiro",
                         "primeira"})  # fmt: skip
PERIOD_NOUNS = frozenset({"year", "month", "months", "année", "an", "mois", "jahr", "monat",
                          "monate", "año", "mes", "meses", "anno", "mese", "mesi", "jaar",
                          "maand", "maanden", "ano"})  # fmt: skip
"""``the first year``, ``la première année``: an introductory period, not the price as given."""


def first_period(toks_lows: list[str]) -> bool:
    """A first period is named (``the first year``, ``primo anno``, ``erste Monat``)."""
    return any(
        word in FIRST_WORDS and later in PERIOD_NOUNS for word, later in pairwise(toks_lows)
    )


def charge_words(words: set[str] | frozenset[str]) -> set[str]:
    """The words of ``words`` that name a charge that is no monthly price: NON_PRICE_MONEY
    and compounds ending in a charge (not ``monatspreis``, ``månadspris``: the price), and
    ``set-up``/``one-off`` written as two words."""
    found = {w for w in words if _charge(w.rpartition("'")[2])}  # "un'iscrizione"
    if {"set", "up"} <= words:
        found.add("set")
    if {"one", "off"} <= words:
        found.add("off")
    if {"up", "front"} <= words:
        found.add("front")  # "three rentals up front (£959.97)"
    if {"pago", "único"} <= words or {"pagamento", "único"} <= words:
        found.add("único")  # "pago único de $350.000": paid once
    if (
        {"une", "seule", "fois"} <= words
        or {"una", "sola", "vez"} <= words
        or ({"une", "fois"} <= words and words & {"payé", "payée", "payés", "payées"})
    ):
        found.add("fois" if "fois" in words else "vez")  # "10 € une seule fois": once
    return found


def _charge(w: str) -> bool:
    if any(part in w for part in _CJK_CHARGES):
        return True  # "\u4e8b\u52d9\u624b\u6570\u6599": a run of kanji naming a fee
    return w in NON_PRICE_MONEY or (
        len(w) > 7 and w.endswith(CHARGE_SUFFIXES) and not w.startswith(_PRICE_STARTS)
    )


_PRICE_STARTS = ("monat", "monats", "måned", "månad", "maand", "jahres", "grund", "gesamt",
                 "end", "ziel", "kauf", "miet", "abo", "tarif", "listen", "netto", "brutto",
                 "total", "gesamt", "års", "år", "kuukausi", "kuukauden")  # fmt: skip
"""Words of money that is not the monthly price (an excess, a cover limit, a bonus, a one-off
charge, a rate per message): a sentence with one is neither
audited nor read for an amount with no period of its own."""
PRICE_CHANGES = frozenset({"after", "après", "rises", "rise", "rising", "increases", "jumps",
                           "reverts",
                           "renewal", "thereafter", "afterwards", "introductory",
                           "promotional", "initial"})  # fmt: skip
"""The words of NON_PRICE_MONEY that say a price changes over time: a price before them in
the sentence may be the promotion's ("15 a month for six months, 20 thereafter")."""
INCLUSIVE = frozenset({"includes", "including", "included", "inclusive", "incl", "inkl",
                       "inklusive", "enthalten", "inclus", "compris", "incluido", "incluye",
                       "incluso", "incluse", "inbegrepen", "inclusief", "ingår", "inkluderat",
                       "inkludert", "inkluderet", "indeholdt", "sisältyy", "wliczona",
                       "wliczone", "wliczony"})  # fmt: skip
"""Words saying a price takes a charge in (``£285 a year, set-up fee included``): with a
charge word in the sentence, its prices are no monthly or yearly price of the inputs."""
CHARGES = frozenset(NON_PRICE_MONEY - PRICE_CHANGES | {"fee", "fees", "setup", "set-up"})
"""Words of a charge that is no monthly price (NON_PRICE_MONEY without its price changes)."""
PER_HEAD = {"user", "users", "seat", "seats", "people", "persons", "person", "employees",
            "staff", "members", "licences", "licenses", "licence", "license", "accounts",
            "devices", "lines", "sims", "households", "nutzer", "personen", "utilisateurs",
            "usuarios", "utenti", "gebruikers"}  # fmt: skip
"""Nouns counted to scale a price (``for 10 users``, ``a team of 15``): amounts in such a
sentence may be totals for all of them."""
MEASURES = frozenset({"gb", "mb", "tb", "gib", "mbps", "gbps", "mbit", "gbit", "kbit", "kbps",
                      "stars", "star", "points", "pages", "channels"})  # fmt: skip
"""Units of what a plan includes (data, speed, pages); a sentence measuring one lists more
of it: its bare numbers are no prices."""
SUM_WORDS = {"together", "combined", "altogether", "jointly", "zusammen", "ensemble", "juntos",
             "insieme", "samen", "sum", "summed"}
"""OTHER_CONTEXT: words that make an amount with no period of its own something other than
a monthly price (a longer period, "over two years", a contract total, a sum of offers);
SUM_WORDS: an amount said of several records is their sum, never what each costs."""
CONTRAST = {"versus", "vs", "against", "compared", "contre", "while", "whereas", "but", "unlike",
            "than", "gegenüber", "frente"}
SEEMING = {"appears", "appear", "seems", "seem", "proves", "prove", "turns", "looks"}
BEFORE_TO = {"out", "appears", "appear", "seems", "seem", "comes", "come", "amounts", "amount",
             "up", "due", "going", "proves", "turns", "works", "close"}
VERBS = {"is", "are", "was", "were", "costs", "cost", "comes", "remains", "sits", "has", "would",
         "ist", "est", "es", "be", "being", "'s", "offers", "lists", "quotes"}
GAP_NOUNS = {"offer", "option", "plan", "quote", "tender", "bid", "package", "tier", "deal",
             "l'offre", "offre", "oferta", "opción", "angebot", "offerta", "l'offerta",
             "opzione", "l'opzione"}
"""Nouns a subject's gap may hold: ``C est l'offre la moins chère``, ``B is the option ...``."""
GAP_WORDS = {"priced", "coming", "quoted", "listed", "billed", "charged", "fee", "rate", "charge",
             "both", "each", "all"}
PRICE_HEAD_OK = FILLERS | GAP_NOUNS | GAP_WORDS
AMOUNT_CMP = (CHEAP_CMP | DEAR_CMP | {"más", "plus", "below"}) - {"undercuts", "undercut",
                                                                  "undercutting", "beats", "beat",
                                                                  "beating", "saves", "save",
                                                                  "saving", "savings",
                                                                  "underprices", "exceeds",
                                                                  "exceed"}
"""Words that make a number before them a difference (``30 cheaper``), not a price."""
THAN_WORDS = {"than", "que", "als", "to", "with", "against", "over", "versus", "vs", "on"}
PERIOD_WORDS = {"a", "per", "each", "every", "month", "monthly", "de", "par", "mois", "im", "pro",
                "monat", "al", "mes", "year", "annually"}
"""Words between an amount and what it is compared with: ``30 a month more``."""
SUBSET_WORDS = {"non", "remaining", "other", "cheaper", "dearer", "pricier", "costlier", "more",
                "less", "cheapest", "priciest", "dearest", "most", "least", "first", "last",
                "top", "bottom", "next", "premium", "budget", "basic", "business", "new",
                "newer", "newest", "old", "older", "legacy", "current", "shortlisted", "eligible",
                "qualifying", "compliant", "annual", "yearly", "monthly-billed", "other's"}
"""After a count (``the three non-starter plans``): words that make it some records only."""
SUBJECT_VERBS = {"is", "costs", "cost", "comes", "has", "remains", "sits"}
"""A record followed by one of these starts a new statement about it."""
RESTRICTIONS = {"that", "which", "who", "among", "including", "excluding", "except", "besides",
                "if", "when", "once", "after", "before", "unless", "outside", "within", "for",
                "apart", "aside", "other"}
"""After a superlative, a word that narrows it: ``the cheapest option that includes X``."""
NARROWING = {"tier", "tiers", "bracket", "segment", "apart", "except", "excluding", "besides",
             "aside", "other", "others", "remaining",
             "rest", "behind", "without", "ignoring", "discounting", "excepting", "bar", "outside"}
"""Words that make a superlative in the sentence range over some offers only."""
# fmt: on
# fmt: off
OBJECT_CUES = {"below", "above", "under", "over", "versus", "vs", "vs.", "against", "behind",
               "beneath", "between", "beyond", "unlike", "gegenüber", "tegenover", "contre",
               "frente", "rispetto", "follows", "follow", "trails", "trail", "out", "minus", "plus",
               "times", "od", "än"}  # "droższy od X", "dyrare än X": X is compared with
"""Words after which a record is the object of a relation, never the subject of a claim."""
IMPLICIT_SUBJECT = {"it", "it's", "its", "this", "that", "these", "those", "they", "them",
                    "which", "difference", "gap", "delta", "spread", "saving", "savings",
                    "premium", "margin", "discount", "surcharge", "markup", "unterschied",
                    "differenz", "ersparnis", "différence", "écart", "économie", "diferencia",
                    "ahorro"}
"""Before a sentence's first record name, words that leave its subject implicit: only a
reading of the resolved pronoun may contradict; other readings are ambiguous."""
RESOLVED_PRONOUNS = {"it", "it's", "its", "that", "this"}
"""Pronouns read as the previous sentence's one subject (that/this: only before a verb;
its: only opening the sentence)."""
# fmt: on
# fmt: off
RELATION_AFTER_AMOUNT = OBJECT_CUES - {"between", "versus", "vs", "vs.", "against"} | {
    "ahead", "apart", "off", "extra", "difference", "gap", "saving", "savings", "margin",
    "spread", "delta", "premium", "lead", "short", "away", "beyond", "past", "clear", "weniger",
    "mehr", "abstand", "unterschied", "differenz", "verschil", "écart", "diferencia",
    "differenza", "diferença",
    "günstiger", "billiger", "teurer", "moins", "plus", "menos", "más", "mas", "darüber",
    "darunter", "drüber", "drunter", "höher", "niedriger", "meer", "minder", "duurder",
    "goedkoper", "meno", "più"}
"""After an amount, a word making it a gap to something, not what the subject costs."""
CONTRAST_AFTER_AMOUNT = {"versus", "vs", "vs.", "against", "compared", "relative"}
"""After an amount, a gap when a record follows ("20 versus C"), not another amount."""
# fmt: on

# German, French, Spanish, Italian, Dutch and Portuguese: see ``langs``
NEGATIONS |= langs.NEGATIONS
HEDGES |= langs.HEDGES
FILLERS = (FILLERS | langs.FILLERS) - {"über"}  # "über 80 €" is a bound, not a price
FOREIGN |= langs.FOREIGN
CHEAP_SUP |= langs.CHEAP_SUP
DEAR_SUP |= langs.DEAR_SUP
CHEAP_CMP |= langs.CHEAP_CMP | langs.SAVE_WORDS
DEAR_CMP |= langs.DEAR_CMP
COMPARISON |= CHEAP_SUP | DEAR_SUP | CHEAP_CMP | DEAR_CMP | langs.MORE | langs.LESS | langs.TIE
OFFER_NOUNS |= langs.OFFER_NOUNS
PRICE_NOUNS |= langs.PRICE_NOUNS
GAP_NOUNS |= langs.OFFER_NOUNS
SOURCE_NOUNS = frozenset({"page", "pricing", "pdf", "website", "site", "email", "e-mail",
                          "brochure", "invoice", "letter", "calculator", "sheet", "listing",
                          "bill", "dealer", "agent", "reseller", "says", "say", "puts",
                          "usage-based", "dealer's", "agent's", "reseller's", "screenshot",
                          "flyer", "leaflet", "newsletter", "catalogue", "catalog",
                          "screen", "app"})  # fmt: skip
"""Where a price was read and the verb that quotes it (``Verizon's pricing page says 35``)."""
PRICE_HEAD_OK = (
    FILLERS | GAP_NOUNS | GAP_WORDS | langs.PRICE_NOUNS | SOURCE_NOUNS | {"follow", "go", "goes"}
)
"""Words between a subject and its price (``A and B follow at 1,100 and 990``)."""
AMOUNT_CMP |= langs.CHEAP_CMP | langs.DEAR_CMP | langs.MORE | langs.LESS | langs.ABOVE | langs.BELOW
AMOUNT_CMP |= langs.OVER | langs.UNDER
THAN_WORDS |= langs.THAN
PERIOD_WORDS |= langs.PER_WORDS | langs.MONTH_WORDS | langs.YEAR_WORDS | set(langs.PERIODS)
RESTRICTIONS |= langs.RESTRICTIONS
NARROWING |= langs.NARROWING
OTHER_CONTEXT |= langs.OTHER_CONTEXT | NON_PRICE_MONEY
CONNECTORS |= langs.CONNECTORS
RELATION_AFTER_AMOUNT |= langs.RELATION_AFTER_AMOUNT
OBJECT_CUES |= langs.WITH | langs.SAVE_WORDS  # "spart B gegenüber C 120 €": no price of B
BOUND = langs.BOUND
"""A bound word as the English word the forms judge it by (``über`` is ``over``)."""


_AGAINST = {"against", "versus", "vs", "vs."}
_AGAINST_PAIRS = {("compared", "with"), ("compared", "to"), ("relative", "to"), ("next", "to")}


def against_opening(words: list[str]) -> int:
    """How many words of an opening name the record a margin with no ``than`` is to
    (``Against Solo, ...``, ``Compared with A, ...``); 0 when the sentence opens otherwise."""
    if len(words) > 1 and (words[0], words[1]) in _AGAINST_PAIRS:
        return 2
    return 1 if words and words[0] in _AGAINST else 0
