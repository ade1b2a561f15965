"""Words of German, French, Spanish, Italian, Dutch and Portuguese that the prose reader
reads, grouped by what they do in a sentence about prices. ``lexicon`` merges them into
its English sets; the forms use the groups below that have no English twin.

A sentence with any word of these languages is read for contradictions and never marked
checked (``FOREIGN``). A word outside every set still stops a form: nothing is guessed.
"""

from __future__ import annotations

# fmt: off

CHEAP_ADJ = {"barato", "barata", "baratos", "baratas", "económico", "económica", "economico",
             "economica", "economici", "economiche", "econômico", "econômica", "cher", "chère",
             "chers", "chères", "caro", "cara", "caros", "caras", "cari", "care", "costoso",
             "costosa", "dispendioso", "dispendiosa", "bajo", "basso", "baixo", "bas", "alto",
             "haut", "élevé", "élevée"}
"""Adjectives after ``más``/``più``/``plus``/``mais``/``moins``/``meno``/``menos``."""
CHEAP_WORDS = {"barato", "barata", "baratos", "baratas", "económico", "económica", "economico",
               "economica", "economici", "economiche", "econômico", "econômica", "bajo", "basso",
               "baixo", "bas"}
"""The cheap side of ``CHEAP_ADJ``; the rest are dear (``cher``, ``caro``, ``costoso``)."""
MORE = {"más", "mas", "più", "plus", "mais", "mere", "més"}
LESS = {"moins", "meno", "menos", "menys"}
CHEAP_SUP = {"günstigste", "günstigsten", "günstigstes", "billigstes", "preiswertestes",
             "billigste", "billigsten", "preiswerteste", "preiswertesten", "goedkoopst",
             "goedkoopste", "niedrigste", "niedrigsten", "laagste", "najtańsza", "najtańszy",
             "najtańsze", "billigast", "billigaste", "lägsta", "billigst", "najniższa", "najniższy",
             "nejlevnější", "halvin", "edullisin"}
DEAR_SUP = {"teuerste", "teuersten", "teuerstes", "duurst", "duurste", "höchste", "höchsten",
            "hoogste", "najdroższa", "najdroższy", "najdroższe", "dyrast", "dyraste",
            "högsta", "dyrest", "dyreste", "najwyższa", "najwyższy", "nejdražší", "kallein"}
PRICE_NOUNS = {"precio", "prezzo", "prix", "preço", "preis", "prijs", "tarif", "tarifa", "tariffa",
               "monatspreis", "maandprijs", "kosten", "coste", "costo", "custo", "coût",
               "monatsrate", "monatsbeitrag", "beitrag", "grundgebühr", "mensualité", "cuota",
               "canone", "rata", "maandbedrag", "premie", "mensalidade"}
"""Price nouns a superlative may follow or pass: ``el precio más bajo``."""
CHEAP_CMP = {"günstiger", "billiger", "preiswerter", "goedkoper", "weniger", "minder", "tańszy",
             "tańsza", "tańsze", "taniej", "mniej", "billigere", "billigare", "mindre",
             "levnější", "halvempi", "edullisempi", "vähemmän"}
DEAR_CMP = {"teurer", "duurder", "mehr", "meer", "droższy", "droższa", "droższe", "drożej",
            "więcej", "dyrere", "dyrare", "mer", "dražší", "kalliimpi", "enemmän"}
SAVE_WORDS = {"spart", "sparen", "risparmia", "risparmiano", "risparmi", "économise",
              "économisez", "économisent", "ahorra", "ahorran", "ahorras", "bespaart", "bespaar",
              "economiza", "economizam", "poupa", "poupam"}
"""Verbs of saving: ``C spart gegenüber B 6 €``, ``si risparmiano 6 euro``."""
ABOVE = {"darüber", "drüber"}
BELOW = {"darunter", "drunter"}
"""After an amount: above / below what was just named (``A liegt 5 € darüber``)."""
THAN = {"dan", "di", "gegenüber", "tegenover", "rispetto", "niż", "enn", "än", "než", "kuin",
        "end", "od"}
"""Words before the record compared with (``als``, ``que`` are already English sets')."""
OTHER_PERIODS = {"woche", "tag", "quartal", "semaine", "jour", "trimestre", "semana", "día", "dia",
                 "settimana", "giorno", "dag", "kwartaal", "nutzer", "benutzer", "lizenz",
                 "utilisateur", "licence", "usuario", "licencia", "utente", "licenza", "gebruiker",
                 "licentie", "usuário", "licença", "person", "personne", "persona", "persoon",
                 "pessoa", "stunde", "heure", "hora", "ora", "uur", "platz", "sitz",
                 "arbeitsplatz", "mitarbeiter", "editor", "agent", "agente", "siège", "poste",
                 "utilizador", "plek", "medewerker", "usuária", "postazione"}
"""After ``pro``/``par``/``a la``: a period or a unit other than a month or a year."""
PERIOD_ARTICLES = {"la", "le", "die", "der", "das", "een", "uma", "una", "une", "un", "het", "o"}
UNITS = {"monate", "monaten", "meses", "mesi", "maanden", "jahre", "jahren", "años", "anni",
         "anos", "ans", "jaar", "nutzer", "utilisateurs", "usuarios", "utenti", "gebruikers",
         "usuários", "lizenzen", "licences", "licencias", "licenze", "licenties", "licenças",
         "wochen", "semaines", "semanas", "settimane", "weken", "tage", "jours", "días", "giorni",
         "dagen", "dias", "angebote", "angeboten", "offres", "ofertas", "offerte", "aanbiedingen",
         "opties", "opciones", "opzioni", "opções", "optionen", "tarife", "tarifen", "pläne",
         "planes", "piani", "plannen", "planos", "anbieter", "anbietern", "fournisseurs",
         "proveedores", "fornitori", "leveranciers", "fornecedores", "aanbieders", "propuestas",
         "proposte", "propostas", "voorstellen", "devis", "presupuestos", "preventivi",
         "offertes", "orçamentos", "stück", "mal", "fois", "veces", "volte", "keer", "vezes"}
"""After a number, a unit that makes it no price: ``24 Monate``, ``5 Nutzer``, ``3
Angebote``."""
OTHER_CONTEXT = {"einrichtungsgebühr", "einmalig", "einmalige", "netto", "brutto", "mwst", "zzgl",
                 "inkl", "iva", "btw", "tva", "ht", "ttc", "installation", "d'installation",
                 "attivazione", "activación", "instalación", "instalação", "ativação", "frais",
                 "gebühr", "gebühren", "tasa", "tassa", "taxa", "insgesamt", "gesamt",
                 "gesamtkosten", "totale", "totaal", "laufzeit", "vertrag", "contrat", "contrato",
                 "contratto", "rabatt", "remise", "descuento", "sconto", "korting", "desconto",
                 "aktion", "ersten", "premier", "premiers", "première", "primer", "primeros",
                 "primo", "primi", "eerste", "primeiro", "primeiros", "support", "soporte",
                 "supporto", "suporte", "monate", "monaten", "meses", "mesi", "maanden", "durée",
                 "duración", "durata", "looptijd", "duração", "lizenzen", "licences", "licencias",
                 "licenze", "licenties", "licenças", "nutzer", "utilisateurs", "usuarios",
                 "utenti", "gebruikers", "usuários", "früher", "bisher", "statt", "anstatt",
                 "lieu", "lugar", "invece", "plaats", "vez", "coûtait", "kostete", "costaba",
                 "costava", "kostte", "custava", "angebotspreis", "sonderpreis", "promotion",
                 "promoción", "promozione", "actie", "promoção", "setup", "zusammen",
                 "ensemble", "juntas", "juntos", "insieme", "samen", "conjunto", "cumulés",
                 "l'installation", "l'activation", "l'attivazione", "einrichtung", "installatie",
                 "activering", "inscription", "anmeldung", "aansluiting", "inscripción",
                 "iscrizione", "adesão", "matrícula", "hors", "taxe", "taxes", "esclusa",
                 "escluso", "exkl", "inclusa", "incluso", "incluida", "incluido",
                 "inklusive", "exklusive", "inclusief", "exclusief", "steuer", "steuern"}
"""Words of a sentence about another figure than the monthly price (a fee, a total, a
discount, a term, users): an amount with no period of its own is not read as a price."""
RELATION_AFTER_AMOUNT = {"über", "unter", "vor", "hinter", "oberhalb", "unterhalb", "dessus",
                         "dessous", "encima", "debajo", "sopra", "sotto", "onder", "boven",
                         "acima", "abaixo", "voor", "achter", "devant", "derrière", "delante",
                         "detrás", "davanti", "dietro", "frente", "atrás", "verso", "oltre"}
"""After an amount, a word making it a gap (``30 € über B``, ``30 € en dessous de A``)."""
OVER = {"über", "boven", "acima", "oberhalb"}
UNDER = {"unter", "onder", "abaixo", "unterhalb"}
"""After an amount and before a record: ``A liegt 30 € über B``, ``30 € abaixo de A``."""
FUNCTION_WORDS = {"a", "o", "e", "y", "i", "à", "el", "la", "le", "il", "de", "en", "un", "es"}
"""Words an id may be spelled like: opening another language's sentence, the word."""
NAME_FOLLOWERS = {"es", "é", "est", "ist", "is", "è", "costa", "custa", "cuesta", "coûte",
                  "kostet", "kost", "liegt", "ligt", "bleibt", "blijft", "reste", "resta",
                  "sigue", "fica", "está", "sta", "zit", "spart", "bespaart", "ahorra",
                  "économise", "economiza", "risparmia", "und", "y", "e", "et", "en",
                  "ed", "and", ",", ":", "(", ")", "-", "/", "ne", "n'est", "no", "non", "não",
                  "niet", "nicht", "sale", "beträgt", "bedraagt", "vaut", "ha", "hat", "heeft",
                  "tiene", "tem", "a", "offre", "bietet", "biedt", "ofrece", "oferece"}
"""After an id opening a sentence, words that make it the subject (``A es la más cara``)."""
ORDER_FROM = {"von", "vom", "du", "de", "del", "dal", "dalla", "van", "da", "do"}
ORDER_TO = {"nach", "zum", "zur", "bis", "au", "à", "a", "al", "alla", "naar", "tot", "para",
            "ao", "hasta"}
ORDER_CHEAP = CHEAP_WORDS | {"günstig", "günstigsten", "günstigste", "billig", "billigsten",
                             "preiswert", "goedkoop", "goedkoopst", "goedkoopste", "menor",
                             "niedrigsten", "laagste"}
ORDER_DEAR = {"teuer", "teuersten", "teuerste", "duur", "duurst", "duurste", "mayor", "caro",
              "cara", "cher", "chère", "costoso", "costosa", "höchsten", "hoogste"}
"""The ends of an order's header: ``Von günstig nach teuer:``, ``Du moins cher au plus
cher :``."""
ORDINALS = {"zweite": 2, "zweiten": 2, "dritte": 3, "dritten": 3, "deuxième": 2, "seconde": 2,
            "second": 2, "troisième": 3, "segunda": 2, "segundo": 2, "tercera": 3, "tercero": 3,
            "seconda": 2, "secondo": 2, "terza": 3, "terzo": 3, "tweede": 2, "derde": 3,
            "terceira": 3, "terceiro": 3, "tredje": 3, "fjerde": 4, "fjärde": 4, "femte": 5,
            "nest": 2, "näst": 2, "druga": 2, "drugi": 2, "trzecia": 3, "trzeci": 3,
            "toiseksi": 2, "kolmanneksi": 3, "vierde": 4, "vijfde": 5, "druhý": 2, "druhá": 2,
            "druhé": 2, "třetí": 3}
RANK_WORDS = {"zweitgünstigste": (2, "cheap"), "zweitgünstigsten": (2, "cheap"),
              "zweitbilligste": (2, "cheap"), "zweitbilligsten": (2, "cheap"),
              "drittgünstigste": (3, "cheap"), "drittgünstigsten": (3, "cheap"),
              "zweitteuerste": (2, "dear"), "zweitteuersten": (2, "dear"),
              "drittteuerste": (3, "dear"), "drittteuersten": (3, "dear"),
              "næstbilligste": (2, "cheap"), "næstdyreste": (2, "dear"),
              "nestbilligste": (2, "cheap"), "nestdyreste": (2, "dear")}
"""A place by price: ``la deuxième moins chère``, ``das zweitgünstigste Angebot``."""
TOGETHER = {"zusammen", "insgesamt", "gesamt", "ensemble", "juntas", "juntos", "insieme",
            "samen", "conjunto", "combinados", "combinadas", "cumulés", "totaal", "totale",
            "total", "au", "en", "no", "in"}
"""After the amount of several records: their sum, not each one's price."""
HYPOTHETICAL = {"wäre", "wären", "würde", "würden", "falls", "wenn", "sofern", "könnte",
                "könnten", "dürfte", "hätte", "hätten", "wird", "werden", "serait", "seraient",
                "sera", "seront", "deviendrait", "pourrait", "pourraient", "aurait", "sería",
                "serían", "será", "serán", "podría", "podrían", "fuera", "sarebbe", "sarebbero",
                "sarà", "saranno", "potrebbe", "potrebbero", "fosse", "qualora", "zou", "zouden",
                "wordt", "worden", "indien", "mocht", "seria", "seriam", "poderia", "poderiam",
                "caso", "lorsque", "quand", "cuando", "quando", "wanneer", "sobald", "dovesse",
                "devient", "deviene", "diventa", "torna", "wurde", "werd", "était", "étaient",
                "war", "waren", "era", "eran", "erano", "eram", "diventerebbe",
                "diventerebbero", "scendesse", "salisse", "costasse", "bajara", "bajase",
                "subiera", "costara", "pasaría", "pasarían", "passerait", "passaria",
                "baixasse", "gdyby", "jos"}
PASSIVE_AUX = {"wird", "werden", "wordt", "worden"}
"""Future or passive: with a participle of ``PASSIVE_PARTICIPLES``, a present fact."""
PASSIVE_PARTICIPLES = {"empfohlen", "aanbevolen", "aangeraden", "gewählt", "ausgewählt",
                       "gekozen", "bevorzugt", "vorgeschlagen", "voorgesteld"}
"""``wird empfohlen``, ``wordt aanbevolen``: is recommended (no supposition)."""
"""Words of a hypothetical, future or past statement: another language's sentence with one
is not read (``Mit Rabatt wäre A günstiger als B``)."""
NOT_NUMBERS = {("ten", "opzichte"), ("ten", "minste"), ("ten", "hoogste"), ("ten", "slotte"),
               ("ten", "behoeve")}
"""An English number word that is a Dutch word here: ``ten opzichte van B``."""
WITH = {"mit", "met", "con", "com", "zu", "zum", "van", "ad"}
"""Before a record, ``with``, ``to``, ``of``: ``spart man mit B 30 €`` is no price of B."""
VS_CUES = {"gegenüber", "tegenover", "rispetto", "frente", "comparado", "comparada",
           "comparé", "comparée", "verglichen", "vergeleken", "rapport", "vergleich",
           "comparación", "comparação", "opzichte", "confronto", "relação", "respecto"}
"""Words opening "compared with X" before a saving with no subject."""
LEADING_AT = {"mit", "con", "com", "met", "avec", "à", "bei", "med"}
LEADING_VERBS = {"ist", "est", "es", "è", "é", "is", "liegt", "bleibt", "reste", "resta",
                 "sigue", "blijft", "fica", "kostet", "kost", "cuesta", "costa", "custa", "coûte"}
"""``Mit 39,90 € pro Monat ist east ...``: the price of the record after the verb."""
VS_LEADS = {"ten", "im", "par", "en", "em", "in"}
"""A word before a cue: ``ten opzichte van``, ``im Vergleich zu``, ``par rapport à``."""
VS_LINKS = {"a", "ad", "al", "à", "zu", "zum", "mit", "met", "con", "com", "van", "de"}
IMPERSONAL = {"si", "se", "man", "on", "je", "u", "you", "one"}
SO_WORDS = {"cioè", "ossia", "ovvero", "also", "soit", "dus", "d.h", "oder", "bzw", "es",
            "decir", "o", "sea", "ou", "seja", "oftewel", "ofwel", "sprich", "heißt", "c'est",
            "dire", "vale", "dizer"}
"""Between two amounts of one saving or price: ``6 euro al mese, cioè 72 euro all'anno``."""
CONNECTORS = (SO_WORDS - {"oder", "o", "ou", "es"}) | {"en", "e", "ed", "ma", "maar", "pero",
                                                      "mas", "og", "och", "ja", "oraz", "men"}
"""After a subject's amount, words before another amount of the same subject."""
MORE_AFTER = {("de", "plus"), ("de", "moins"), ("in", "più"), ("in", "meno"), ("di", "più"),
              ("di", "meno"), ("a", "mais"), ("a", "menos"), ("de", "más"), ("de", "menos")}
"""Two words after an amount that make it a gap: ``4 euros de plus``, ``5 euro in più``."""
IMPLICIT_GAP = {"más", "mas", "mais", "più", "plus", "moins", "menos", "meno", "mehr", "weniger",
                "meer", "minder", "darüber", "darunter", "drüber", "drunter", "teurer",
                "günstiger", "billiger", "preiswerter", "goedkoper", "duurder"}
"""After an amount, a gap whose other side may be left unnamed: ``5,40 euros más``."""
RESPECTIVELY = frozenset({"respectively", "respectivamente", "respectivement", "rispettivamente",
                          "respectivament", "respectievelijk", "respektive", "beziehungsweise",
                          "odpowiednio", "respectiv", "vastaavasti"})  # fmt: skip
"""``respectively``: the k-th amount belongs to the k-th record named before it."""
LIST_AND = frozenset({"and", "und", "et", "y", "e", "ed", "en", "och", "og", "i"})
"""``and`` between two amounts of a list (no contrast word)."""
AND_WORDS = {"and", "und", "et", "y", "e", "ed", "en", "but", "aber", "mais", "pero", "ma",
             "maar", "while"}
TIE = {"empatan", "empatados", "empatadas", "empate", "égalité", "egalité", "empatam",
       "pari", "même", "mismo", "misma", "stesso", "stessa", "hetzelfde", "mesmo", "mesma",
       "dasselbe", "gleiche", "gleichen", "uguale", "uguali", "iguales", "idénticos", "identici",
       "evenveel"}
"""Words of a tie; ``gleich``/``even`` only before ``teuer``/``duur`` (``TIE_PAIRS``)."""
TIE_LINKS = {"que", "wie", "come", "como", "dan", "als", "di", "mit", "con", "met", "com", "avec",
             "à", "a", "und", "y", "e", "et", "en", "ed", "som", "jak", "kuin"}
"""In a tie, words before another record: ``B cuesta lo mismo que C``."""
TIE_FILL = TIE_LINKS | TIE | {"prix", "precio", "prezzo", "preis", "prijs", "preço", "le", "la",
                              "el", "lo", "il", "o", "de", "du", "del", "al", "au", "het",
                              "das", "den", "dem", "bij", "bei", "beide", "beiden", "ambas",
                              "ambos", "entrambe", "entrambi", "allebei", "mensuel", "mensual",
                              "más", "più", "mais", "plus", "um", "com", "niedrigsten",
                              "laagste", "günstigsten", "goedkoopste", "bajo", "basso", "baixo",
                              "bas", "partagent", "comparten", "condividono", "delen", "partilham",
                              "teilen", "sich", "tarif", "tarifa", "tariffa", "tarief", "sont",
                              "son", "sono", "zijn", "sind", "são", "cuestan", "costano",
                              "coûtent", "kosten", "custam", "esattamente", "exactement",
                              "exactamente", "exatamente", "genau", "precies", "mensile",
                              "ersten", "erste", "premier", "première", "primer", "primera",
                              "primo", "prima", "eerste", "platz", "rang", "puesto", "posto",
                              "plaats", "lugar", "je", "chacun", "cada", "ciascuno", "elk"}
LOWEST = {"niedrigsten", "laagste", "günstigsten", "goedkoopste", "billigsten"}
LOW = {"bajo", "basso", "baixo", "bas"}
"""In a tie, the lowest price: ``empatan con el precio más bajo``, ``den niedrigsten Preis``."""
TIE_PAIRS = {("gleich", "teuer"), ("gleich", "günstig"), ("even", "duur"), ("even", "goedkoop"),
             ("gleich", "viel"), ("even", "veel"), ("genauso", "teuer"), ("genauso", "viel"),
             ("genauso", "günstig"), ("ebenso", "teuer"), ("ebenso", "viel"), ("så", "dyr"),
             ("så", "dyrt"), ("så", "dyre"), ("så", "billig"), ("så", "meget"), ("så", "mycket"),
             ("så", "mye"), ("lika", "dyr"), ("lika", "dyrt"), ("lika", "mycket"),
             ("yhtä", "kallis"), ("yhtä", "paljon"), ("teilen", "sich"), ("delen", "de"),
             ("partagent", "la"), ("comparten", "el"), ("condividono", "il")}
NEGATIONS = {"niet", "geen", "non", "não", "nao", "nessuna", "nessuno", "nenhuma", "nenhum",
             "mai", "nie", "niemals", "nooit", "nada", "niente", "nulla", "rien", "kein",
             "keine", "keinen", "nunca", "tampoco", "neanche", "nemmeno", "ikke", "inte",
             "ikkje", "není", "nejsou", "nestojí"}
HEDGES = {"rund", "knapp", "ungefähr", "etwa", "circa", "ca", "ongeveer", "bijna", "zo'n",
          "rond", "ruim", "ruwweg", "grofweg",
          "quasi", "quase", "cerca", "aproximadamente", "approssimativamente", "environ",
          "presque", "casi", "über", "unter", "oltre", "boven", "onder", "sotto", "sous",
          "abaixo", "acima", "attorno", "perto", "grosso", "modo", "aproape",
          "omkring", "ungefär", "omtrent", "cirka", "drøyt", "drygt", "knapt", "knappt",
          "næsten", "nesten", "nästan", "około", "prawie", "blisko", "cca", "přibližně",
          "zhruba", "téměř", "skoro", "kolem", "okolo", "noin", "lähes", "melkein",
          "yakla\u015f\u0131k", "körülbelül", "kb", "aproximativ", "alrededor", "aprox",
          "intorno", "pressappoco", "incirca", "pakweg", "zowat", "nagenoeg", "annähernd",
          "approximativement", "rundt", "runt", "knap", "underkant", "overkant"}
BOUND = {"über": "over", "oltre": "over", "boven": "over", "acima": "over", "unter": "under",
         "onder": "under", "sotto": "under", "sous": "under", "abaixo": "under",
         "upwards": "over", "underkant": "under", "overkant": "over", "ruim": "over"}
"""A bound word as the English word the forms judge it by; other hedges are "about"."""
FILLERS = {"damit", "somit", "daher", "also", "donc", "quindi", "dus", "daarmee", "portanto",
           "aussi", "auch", "ebenfalls", "también", "anche", "ook", "eveneens", "também",
           "kost", "kosten", "costa", "costano", "custa", "custam", "cuestan", "coûtent",
           "indique", "affiche", "indica", "muestra", "mostra", "zeigt", "nennt", "toont",
           "è", "é", "zijn", "sono", "são", "het", "de", "il", "lo", "o", "am", "nog", "ligt",
           "zit", "bedraagt", "sont", "sind", "son", "monatlich", "mensile", "mensuel",
           "mensuelle", "mensual", "mensal", "maandelijks", "l'offerta", "l'opzione", "opção",
           "optie", "aanbod", "offerta", "opzione", "proposta", "voorstel", "met", "com", "op",
           "fica", "está", "están", "estão", "resta", "reste", "bleibt", "blijft", "sigue",
           "je", "jeweils", "chacune", "chacun", "cada", "ciascuna", "ciascuno", "elk", "beide",
           "ambas", "ambos", "entrambe", "entrambi", "allebei", "jährlich", "annuellement",
           "anualmente", "annualmente", "jaarlijks", "mensuellement", "mensualmente",
           "mensilmente", "hat", "heeft", "tiene", "tem", "ha", "bietet", "biedt", "ofrece",
           "oferece", "den", "tienen", "hanno", "ont", "haben", "hebben", "têm", "au", "koster",
           "kostar", "kosztuje", "kosztują", "maksaa", "maksavat", "er", "är", "ligger",
           "jest", "są", "stojí", "więc", "zatem", "tedy", "altså", "alltså", "derfor",
           "dermed", "därmed", "sale", "salen", "resulta", "resultan", "queda", "quedan",
           "viene", "vienen", "risulta", "risultano", "revient", "ficam", "sai", "saem",
           "kommt", "kommen", "liegt", "komt", "wychodzi", "wypada", "med", "lige"}
"""Verbs ("is", "costs"), articles and adverbs a subject's predicate may pass over."""
OFFER_NOUNS = {"offerta", "l'offerta", "opzione", "l'opzione", "opção", "optie", "aanbod",
               "aanbieding", "proposta", "voorstel", "l'option", "option", "oferty", "ofertę",
               "ofercie", "ofertą", "erbjudandet", "erbjudande", "tilbudet", "tilbud", "avtale",
               "avtalen", "avtal", "avtalet", "aftale", "aftalen", "abonnement",
               "abonnementet", "abonnemang", "abonnemanget", "angebot", "tarifa", "tariffa",
               "tariff", "vaihtoehto", "sopimus"}
PERIODS = {"all'anno": "year", "l'anno": "year", "jährlich": "year", "annuel": "year",
           "annuelle": "year", "anual": "year", "annuo": "year", "annui": "year",
           "annuale": "year", "jaarlijks": "year", "monatlich": "month", "mensuel": "month",
           "mensuelle": "month", "mensuels": "month", "mensual": "month", "mensile": "month",
           "mensal": "month", "maandelijks": "month", "miesięcznie": "month",
           "månadsvis": "month", "månedlig": "month", "rocznie": "year", "årligen": "year",
           "årlig": "year", "årligt": "year", "årsvis": "year", "månedligt": "month",
           "månatlig": "month", "månatligen": "month", "mensalmente": "month",
           "mensualmente": "month", "mensilmente": "month", "anualmente": "year",
           "annualmente": "year", "jaarlijkse": "year", "jährliche": "year",
           "kuukaudessa": "month", "kuussa": "month", "vuodessa": "year", "vuosittain": "year",
           "kuukausittain": "month", "měsíčně": "month", "ročně": "year"}
"""One word after an amount that states its period."""
MONTH_WORDS = {"maand", "mês", "mese", "mes", "mois", "monat", "månad", "månaden", "måned",
               "måneden", "miesiąc", "miesiąca", "mån", "md", "mnd", "mies", "měs", "kk",
               "měsíc", "kuukaudessa", "kuussa"}
YEAR_WORDS = {"jaar", "ano", "anno", "año", "an", "jahr", "année", "år", "året", "rok", "roku",
              "vuodessa"}
PER_WORDS = {"ao", "por", "per", "al", "im", "pro", "par", "au", "i"}
RESTRICTIONS = {"de", "des", "del", "dei", "degli", "delle", "della", "der", "van", "das", "dos",
                "da", "do", "unter", "tra", "fra", "entre", "zwischen", "tussen", "onder",
                "después", "dopo", "après", "nach", "na", "depois", "tras", "excepto", "sauf",
                "außer", "behalve", "tranne", "eccetto", "exceto", "sin", "ohne", "zonder", "sem",
                "senza", "qui", "che", "que", "die", "welches", "welche", "dat", "pour", "für",
                "para", "voor", "per", "pra", "bei", "im", "nel", "nella", "dans", "en", "no",
                "als", "wenn", "falls", "sofern", "si", "se", "quand", "cuando", "quando",
                "wanneer", "sobald", "pro", "por", "par"}
"""After a superlative, a word that may narrow it: ``la más barata de las dos``."""
WITH_WORDS = {"mit", "avec", "con", "met", "com", "med", "z"}
"""After a superlative, ``with`` narrows it unless an amount follows (``mit 49 €``)."""
ONLY = {"only", "just", "merely", "nur", "seulement", "solo", "sólo", "soltanto", "alleen",
        "só", "somente", "apenas"}
"""After a negation, ``not only``: no negated statement (``nicht nur günstiger als A``)."""
NARROWING = {"außer", "sauf", "excepto", "tranne", "behalve", "exceto", "abgesehen", "autre",
             "autres", "andere", "anderen", "otra", "otras", "otro", "otros", "altre", "altri",
             "altra", "altro", "overige", "restlichen", "übrigen", "restantes", "demais",
             "outros", "outras", "resto", "reste", "beiden", "beide", "entrambe", "entrambi",
             "ambas", "ambos", "deux", "twee", "duas", "dois", "seconda", "secondo", "segunda",
             "segundo", "deuxième", "tweede", "zweitgünstigste", "zweite", "zweiten"}
"""Words that make a superlative in the sentence range over some offers only."""
SUP_BACK = OFFER_NOUNS | {"het", "o", "a", "il", "am", "l'offre", "offre", "oferta", "opción",
                          "angebot", "los", "las", "les", "os", "as", "i", "gli", "de"}
"""Before a superlative opening a sentence, words of its subject: ``La oferta más barata``."""
SUP_VERBS = {"è", "é", "is", "ist", "est", "es", "zijn", "sind", "son", "sont", "são", "sono",
             "jest", "är", "er", "je"}
RANGE_VERBS = {"reichen", "reicht", "liegen", "vont", "van", "vanno", "lopen", "variëren", "vão",
               "variam", "oscilan", "variano", "varient", "variieren", "gaan"}
PRICES = {"preise", "prix", "precios", "prezzi", "prijzen", "preços", "tarife", "tarifs",
          "tarifas", "tariffe", "tarieven", "kosten", "costes", "costi", "custos"}
RANGE_SUBJECT = PRICES | {"die", "les", "los", "i", "de", "os", "monatlichen", "mensuels",
                          "mensuales", "mensili", "maandelijkse", "mensais"}
RANGE_TO = {"bis", "à", "a", "tot", "al", "-"}
"""``Die Preise reichen von 90 € bis 120 €``: the verbs, subjects and ends of a range."""
STARTS = ORDER_FROM | SAVE_WORDS | VS_CUES | VS_LEADS | RANGE_VERBS
"""Words another language's free forms start at."""
_ENGLISH = {"plus", "a", "an", "in", "on", "one", "you", "or", "is", "that", "which", "option",
            "com", "op", "met", "also", "o", "e", "ten", "sea", "man", "per", "pro", "son", "u",
            "even", "die", "lo", "care", "rapport", "van", "ad", "em", "spare", "circa", "ca",
            "quasi", "non", "minder", "environ", "bis", "do", "tot", "as", "i", "al", "second"}
UNREAD = {
    # Danish, Norwegian, Swedish
    "koster", "kostar", "kostnad", "og", "och", "er", "är", "med", "på", "af", "av", "om",
    "måned", "måneden", "månad", "månaden", "måneder", "år", "året", "billigst", "billigste",
    "billigaste", "dyrest", "dyreste", "dyraste", "billigere", "billigare", "dyrere", "dyrare",
    "enn", "än", "tilbud", "tilbudet", "tilbuddet", "erbjudande", "det", "som", "har", "jeg",
    "jag", "vi", "anbefaler", "rekommenderar", "sparer", "sparar", "mellem", "mellan", "alle",
    "alla", "begge", "båda", "samme", "samma", "prisen", "priset", "pr", "mdr", "mnd",
    # Polish
    "kosztuje", "kosztują", "jest", "są", "najtańsza", "najtańszy", "najtańsze", "najdroższa",
    "najdroższy", "najdroższe", "droższa", "droższy", "droższe", "tańsza", "tańszy", "tańsze",
    "niż", "miesięcznie", "miesiąc", "miesiąca", "rocznie", "oraz", "się", "ofert", "oferty",
    "tylko", "każdy", "każda", "wszystkie", "żaden", "żadna", "różnica", "taniej", "drożej",
    # Czech, Slovak
    "stojí", "nestojí", "není", "jsou", "nejsou", "nejlevnější", "nejdražší", "levnější",
    "dražší", "než", "měsíc", "měsíčně", "ročně", "nabídka", "nabídky", "který", "která",
    "oba", "obě", "všechny", "žádná", "žádný", "rozdíl", "levněji", "dráž",
    # Finnish
    "maksaa", "maksavat", "ei", "ole", "halvin", "kallein", "halvempi", "kalliimpi", "kuin",
    "kuukaudessa", "kuukausi", "vuodessa", "vuosi", "ja", "tarjous", "tarjousta", "ero",
    "euroa",
    # Turkish, Hungarian, Romanian
    "ve", "daha", "ucuz", "pahal\u0131", "ayl\u0131k", "y\u0131ll\u0131k", "değil", "ile",
    "için", "bir", "fiyat", "fiyat\u0131", "teklif", "és", "van", "nem", "olcsóbb",
    "drágább", "legolcsóbb", "legdrágább", "havonta", "havi", "ajánlat", "și", "este",
    "sunt", "ieftin",
    "ieftină", "scump", "scumpă", "decât", "lună", "pe", "lei",
}  # fmt: skip
"""Words of languages the reader has no forms for: a sentence with one is never checked
(``alfa nestojí 10,00 Kč [c4]`` is a negation the reader cannot see)."""
FOREIGN = (
    {"kostet", "cuesta", "coûte", "ist", "est", "más", "mais", "teurer", "günstiger", "euro",
     "liegt", "prezzo", "prezzi", "preis", "preise", "precio", "precios", "prix", "prijs",
     "prijzen", "preço", "preços", "jaarbasis", "gerechnet", "aufs", "si", "se", "je"}
    | SAVE_WORDS | CHEAP_SUP | DEAR_SUP | CHEAP_CMP | DEAR_CMP | TIE | VS_CUES | NEGATIONS
    | LESS | CHEAP_ADJ | set(PERIODS) | MONTH_WORDS | YEAR_WORDS | IMPLICIT_GAP | THAN
    | OFFER_NOUNS | FILLERS | HEDGES | ABOVE | BELOW | SO_WORDS | WITH | VS_LEADS | ORDER_FROM
    | ORDER_TO | ORDER_CHEAP | ORDER_DEAR | TIE_FILL | set(ORDINALS) | set(RANK_WORDS)
    | RANGE_VERBS | PRICES | UNREAD
) - _ENGLISH
"""Words no English sentence about prices uses: the sentence is never marked checked."""
# fmt: on


def without_passive(lows: set[str]) -> set[str]:
    """A sentence's words less a passive's auxiliary (``wird empfohlen``: a fact)."""
    return lows - PASSIVE_AUX if lows & PASSIVE_PARTICIPLES else lows


COUNTS = {"zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
          "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "dos": 2,
          "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "due": 2,
          "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "twee": 2,
          "drie": 3, "vijf": 5, "zes": 6, "zeven": 7, "dwie": 2, "dwa": 2, "dwóch": 2,
          "trzy": 3, "trzech": 3, "cztery": 4, "czterech": 4, "pięć": 5, "pięciu": 5,
          "sześć": 6, "sześciu": 6, "siedem": 7, "siedmiu": 7, "två": 2, "fyra": 4, "fem": 5,
          "sex": 6, "sju": 7, "dois": 2, "duas": 2, "três": 3, "quatro": 4}  # fmt: skip
"""Counts in other languages (a count of offers: ``Zwei der drei Angebote``)."""
ONES = {"eine", "einer", "eines", "ein", "une", "un", "una", "uno", "één", "jedna", "jeden",
        "jedno", "en", "ett", "um", "uma"}  # fmt: skip
"""One, when a partitive follows (``Solo una delle tre``, ``une des offres``)."""
ALL = {"alle", "allen", "tous", "toutes", "todas", "todos", "tutte", "tutti", "wszystkie",
       "beide", "beiden", "both", "entrambe", "entrambi", "ambas", "ambos", "all",
       "cada"}  # fmt: skip
"""Every one of the offers (``Alle Angebote``, ``Les trois offres``, ``Beide``)."""
BOTH = {"beide", "beiden", "both", "entrambe", "entrambi", "ambas", "ambos"}
"""Every one of two: all the offers only when there are two."""
PARTITIVES = {"der", "des", "de", "delle", "dei", "degli", "della", "di", "z", "ze", "van",
              "av", "of", "the", "los", "las", "les", "la", "le", "el", "i", "gli", "dos",
              "das", "die", "drei", "these"}  # fmt: skip
"""Words between a count and the offers it counts (``der``, ``delle``, ``z``, ``van de``)."""
COUNTED = {"angebote", "angeboten", "tarife", "tarifen", "offres", "offerte", "ofertas",
           "oferty", "ofert", "aanbiedingen", "aanbieders", "opties", "opzioni", "options",
           "offers", "abonnements", "abonnementen", "forfaits", "pakiety", "pakietów",
           "erbjudanden", "tilbud", "propostas", "planes", "piani", "pläne", "verträge",
           "contratti", "contratos", "contracten", "formules", "formule", "tariffe",
           "tarifas", "tarifs", "opções", "opciones", "alternativas", "alternatives",
           "alternativen", "alternative", "möglichkeiten"}  # fmt: skip
"""Plural nouns for the offers compared, in other languages."""
BOUND_BELOW = {("unter",), ("unterhalb",), ("sous",), ("moins", "de"), ("menos", "de"),
         ("por", "debajo", "de"), ("meno", "di"), ("sotto",), ("onder",), ("minder", "dan"),
         ("mniej", "niż"), ("poniżej",), ("under",), ("below",), ("less", "than"),
         ("inférieur", "à"), ("inferiore", "a"), ("abaixo", "de"), ("menos", "do", "que"),
         ("billiger", "als"), ("weniger", "als"), ("mindre", "än")}  # fmt: skip
BOUND_ABOVE = {("über",), ("oberhalb",), ("plus", "de"), ("más", "de"), ("por", "encima", "de"),
         ("più", "di"), ("sopra",), ("boven",), ("meer", "dan"), ("więcej", "niż"),
         ("powyżej",), ("över",), ("over",), ("above",), ("more", "than"), ("supera",),
         ("superano",), ("superan",), ("dépasse",),
         ("dépassent",), ("überschreitet",), ("überschreiten",), ("übersteigt",),
         ("übersteigen",), ("exceeds",), ("exceed",), ("supérieur", "à"), ("acima", "de"),
         ("mehr", "als"), ("teurer", "als"), ("mer", "än"), ("passa", "dos"),
         ("passa", "das"), ("passam", "dos"), ("passa", "de"), ("pasa", "de"),
         ("pasan", "de")}  # fmt: skip
"""Words that bound a price from above or below, in other languages and in English."""


PLACE_NOUNS = frozenset({"platz", "posto", "position", "posición", "lugar", "puesto", "plaats",
                         "plek", "plats", "plass", "plads", "miejsce", "místo"})  # fmt: skip
"""Nouns of a place in a ranking (``auf Platz 2``, ``al secondo posto``)."""
PLACE_ORDINALS = {
    **dict.fromkeys(("ersten", "erste", "primo", "prima", "premier", "première", "primer",
                     "primero", "primera", "eerste", "första", "første", "pierwsze",
                     "první"), 1),
    **dict.fromkeys(("zweiten", "zweite", "secondo", "seconda", "deuxième", "second",
                     "seconde", "segundo", "segunda", "tweede", "andra", "annen", "anden",
                     "drugie", "druhé"), 2),
    **dict.fromkeys(("dritten", "dritte", "terzo", "terza", "troisième", "tercer", "tercero",
                     "tercera", "terceiro", "terceira", "derde", "tredje", "trzecie",
                     "třetí"), 3),
    **dict.fromkeys(("vierten", "vierte", "quarto", "quarta", "quatrième", "cuarto", "cuarta",
                     "vierde", "fjärde", "fjerde", "czwarte", "čtvrté"), 4),
    **dict.fromkeys(("fünften", "fünfte", "quinto", "quinta", "cinquième", "vijfde", "femte",
                     "piąte", "páté"), 5),
}  # fmt: skip
"""Ordinals before a place noun (``al secondo posto``, ``på tredje plats``)."""
COUNT_WORDS = {
    **dict.fromkeys(("twee", "zwei", "deux", "dos", "due", "dois", "duas", "två", "to", "dwie",
                     "dwóch", "dwa"), 2),
    **dict.fromkeys(("drie", "drei", "trois", "tres", "tre", "três", "trzy", "trzech"), 3),
    **dict.fromkeys(("vier", "quatre", "cuatro", "quattro", "quatro", "fyra", "fire", "cztery",
                     "czterech"), 4),
    **dict.fromkeys(("vijf", "fünf", "cinq", "cinco", "cinque", "fem", "pięć", "pięciu"), 5),
}  # fmt: skip
"""Counts in words of other languages (``geen van de drie``)."""
FIELD_NOUNS = {
    "comparatif",
    "comparaison",
    "comparativo",
    "comparación",
    "confronto",
    "vergleich",
    "feld",
    "vergelijking",
    "comparação",
    "lot",
    "groupe",
    "gruppo",
    "grupo",
    "selección",
    "sélection",
    "selezione",
    "auswahl",
}
"""After ``de``/``du``/``im``: the whole field a superlative ranges over (``du comparatif``)."""
