"""The 20,000 most frequent English dictionary words of three letters or more: how attribution
tells a package named like an ordinary word (``home``, ``money``, ``rails``) from one that is
not (``pandas``, ``tokio``).

Data, not code. Made from the ``wordsegment`` package (Apache-2.0), which carries Peter
Norvig's unigram counts of the Google Web Trillion Word Corpus and an English word list: the
words of that list, lowercase ASCII letters only, three letters or more, in descending order of
count, first 20,000; sorted here. The frequency cut is the point: a word rarer than that (``jest``,
``pandas``) is seldom meant as a word in a lesson, and a package named after it is named in
prose. Regenerate with::

    import re, wordsegment, pathlib
    d = pathlib.Path(wordsegment.__file__).parent
    known = set((d / "words.txt").read_text().split())
    ranked = [w for w in (ln.split("\\t")[0] for ln in (d / "unigrams.txt").read_text().splitlines())
              if len(w) >= 3 and re.fullmatch("[a-z]+", w) and w in known]
    words = sorted(ranked[:N])

Read only through ``is_english``; the set is built on first use (a few ms), never at import.
"""

from __future__ import annotations

_SET: list[frozenset[str]] = []


def is_english(word: str) -> bool:
    """``word`` (any case) is one of the common English words below."""
    if not _SET:
        _SET.append(frozenset(_WORDS.split()))
    return word.lower() in _SET[0]


_WORDS = """
aas aba abacus abandon abandoned abandonment abatement abba abbas abbey abbot abbreviated
abbreviation abbreviations abdomen abdominal abduction abide abiding abigail abilities ability able
abnormal abnormalities aboard abode abolish abolished abolition aboriginal abort aborted abortion
abortions abound about above abrasive abridged abroad abrupt abruptly abs absence absences absent
absentee absolute absolutely absorb absorbed absorbing absorption abstinence abstract abstraction
abstracts absurd abundance abundant abuse abused abuses abusing abusive abyss acacia academia
academic academics academies academy accelerate accelerated accelerating acceleration accelerator
accent accented accents accept acceptable acceptance accepted accepting accepts access accessed
accesses accessibility accessible accessing accession accessories accessory accident accidental
accidentally accidents acclaim acclaimed accolades accommodate accommodated accommodating
accommodation accommodations accompanied accompanies accompaniment accompany accompanying
accomplish accomplished accomplishment accomplishments accord accordance according accordingly
accordion account accountability accountable accountancy accountant accountants accounted
accounting accounts accreditation accredited accrual accrue accrued accumulate accumulated
accumulation accuracy accurate accurately accusations accuse accused accustomed ace aces
acetaminophen acetate ache aches achievable achieve achieved achievement achievements achieves
achieving acid acidic acids acknowledge acknowledged acknowledgement acknowledges acknowledging
acknowledgment acknowledgments acme acne acorn acoustic acoustics acquaintance acquainted acquire
acquired acquires acquiring acquisition acquisitions acre acreage acres acrobat acronym acronyms
across acrylic act acta acted actin acting action actions activate activated activates activating
activation activator active actively activism activist activists activities activity actor actors
actress actresses acts actual actually actuarial actuator actuators acupuncture acute acyclovir
adapt adaptable adaptation adaptations adapted adapter adapters adapting adaptive adaptor adaptors
add added addendum addict addicted addicting addiction addictions addictive addicts adding addition
additional additionally additions additive additives address addressed addresses addressing adds
adenosine adept adequacy adequate adequately adhere adherence adhesion adhesive adhesives adjacent
adjective adjoining adjourn adjourned adjournment adjudication adjunct adjust adjustable adjusted
adjusting adjustment adjustments adjusts administer administered administering administers
administration administrations administrative administrator administrators admiral admiralty
admiration admire admired admissible admission admissions admit admits admitted admittedly
admitting ado adobe adolescence adolescent adolescents adopt adopted adopting adoption adoptions
adoptive adopts adorable adore adrenal adrenaline ads adsorption adult adultery adulthood adults
advance advanced advancement advances advancing advantage advantageous advantages advent adventure
adventures adventurous adversary adverse adversely advert advertise advertised advertisement
advertisements advertiser advertisers advertising adverts advice advisable advise advised adviser
advisers advises advising advisor advisories advisors advisory advocacy advocate advocated
advocates advocating aegis aerial aero aerobic aerobics aeronautical aeronautics aerosol aerospace
aesthetic aesthetics aff affair affairs affect affected affecting affection affective affects
affidavit affiliate affiliated affiliates affiliation affiliations affinity affirm affirmation
affirmative affirmed affluent afford affordability affordable afforded afghan aforementioned afraid
aft after aftermarket aftermath afternoon afterward afterwards aga again against agar age aged
ageing agencies agency agenda agendas agent agents ages aggies aggravated aggregate aggregated
aggregates aggregation aggression aggressive aggressively agile agility aging ago agonist agony
agree agreed agreeing agreement agreements agrees agribusiness agricultural agriculture aha ahead
aid aide aided aides aiding aids ailments aim aimed aiming aims ain air airbag airborne airbrush
airbus aircraft aired airfare airfares airfield airflow airing airline airlines airmail airplane
airplanes airport airports airs airspace airway airways airy ais aisle ait akin ala alameda alamo
alamos alan alarm alarming alarms alas alaska alba albeit album albums alchemist alchemy alcohol
alcoholic alcoholics alcoholism alder ale alec alert alerting alerts alexander alfa alfalfa alfredo
algae algebra algebraic algebras algorithm algorithms alias aliases aliasing alien aliens align
aligned aligning alignment alike alive alkaline all allegation allegations alleged allegedly
alleges allegiance alleging allegro allele alleles allergic allergies allergy alleviate alley
alliance alliances allied allies alligator allocate allocated allocating allocation allocations
allotment allotted allow allowable allowance allowances allowed allowing allows alloy alloys allure
ally alma almanac almighty almond almonds almost aloe aloha alone along alongside aloud alp alpha
alphabet alphabetic alphabetical alphabetically alpine alps already alright als also alt altar
alter alteration alterations altered altering alternate alternately alternating alternative
alternatively alternatives although altitude alto altogether altos alum aluminium aluminum alumni
always ama amateur amateurs amazed amazing amazingly amazon ambassador ambassadors amber ambiance
ambience ambient ambiguity ambiguous ambition ambitions ambitious ambulance ambulatory amen amend
amended amending amendment amendments amends amenities amenity amethyst ami amid amidst amiga amigo
amigos amino amir ammo ammonia ammonium ammunition amnesty among amongst amortization amount
amounted amounts amour amoxicillin amp amphibians ample amplification amplified amplifier
amplifiers amplitude amps amused amusement amusing ana anabolic anaerobic anal analog analogous
analogue analogy analyse analysed analyses analysing analysis analyst analysts analytic analytical
analytics analyze analyzed analyzer analyzes analyzing anarchist anarchy anatomical anatomy
ancestor ancestors ancestral ancestry anchor anchorage anchored anchors ancient ancillary and
andromeda anecdotes anemia anesthesia angel angelica angels anger angina angle angled angler
anglers angles angling anglo angry angst angular ani animal animals animate animated animation
animations animator anime ankle anna annals annex annexation anniversaries anniversary annotate
annotated annotation annotations announce announced announcement announcements announcer announces
announcing annoy annoyed annoying annual annually annuities annuity anodized anomalies anomalous
anomaly anon anonymity anonymous anonymously anorexia another answer answered answering answers ant
antagonist antagonists antarctic ante antelope antenna antennas anterior anthem anthems anthologies
anthology anthrax anthropology anti antibiotic antibiotics antibodies antibody anticipate
anticipated anticipating anticipation antics antidepressants antigen antigens antimicrobial
antioxidant antioxidants antique antiques antiquities antiquity antitrust antivirus ants anus anvil
anxiety anxious any anybody anyhow anymore anyone anything anytime anyway anyways anywhere aortic
apache apart apartheid apartment apartments ape aperture apes apex aphrodite apnea apo apocalypse
apollo apologies apologize apology apoptosis apostle apostles apostolic app apparatus apparel
apparent apparently appeal appealed appealing appeals appear appearance appearances appeared
appearing appears appellant appellants appellate append appended appendices appendix appetite
appetizer appetizers applaud applause apple apples applet applets appliance appliances
applicability applicable applicant applicants application applications applied applies apply
applying appoint appointed appointing appointment appointments appoints appraisal appraisals
appraised appraiser appraisers appreciate appreciated appreciation apprentice apprenticeship
approach approached approaches approaching appropriate appropriated appropriately appropriateness
appropriation appropriations approval approvals approve approved approves approving approximate
approximately approximation apps apricot apron apt aptitude aqua aquaculture aquarium aquariums
aquatic aqueous aquifer arabic arbitrarily arbitrary arbitration arbitrator arbor arc arcade
arcadia arch archaeological archaeology archbishop archer archery arches archipelago architect
architects architectural architecture architectures archival archive archived archives archiving
archivist arcs arctic are area areas arena arenas ares argent argentine arginine arguably argue
argued argues arguing argument arguments argus argyle argyll aria arid ariel arise arisen arises
arising arithmetic ark arm armada armchair armed armies armor armored armour arms army aroma
aromatherapy aromatic arose around arrange arranged arrangement arrangements arranging array arrays
arrears arrest arrested arrests arrival arrivals arrive arrived arrives arriving arrogance arrogant
arrow arrowhead arrows arroyo ars arse arsenal arsenic arson art arterial arteries artery arthritis
article articles articulate articulated articulation artifact artifacts artificial artificially
artillery artisan artisans artist artistic artists arts artwork artworks asbestos ascending
ascension ascent ascertain ash ashamed ashes aside ask asked asker asking asks asleep asp asparagus
aspect aspects aspen asphalt aspiration aspirations aspire aspirin aspiring ass assassin
assassination assault assaults assay assays assemble assembled assembler assemblies assembling
assembly assent assert asserted asserting assertion assertions asserts asses assess assessed
assesses assessing assessment assessments assessor asset assets asshole assign assigned assignee
assigning assignment assignments assigns assimilation assist assistance assistant assistants
assisted assisting assistive assists associate associated associates association associations
associative assorted assortment assume assumed assumes assuming assumption assumptions assurance
assurances assure assured assures assuring asterisk asteroid asteroids asthma astonishing
astounding astral astrology astronaut astronauts astronomers astronomical astronomy astrophysics
asylum asymmetric asymmetry asymptotic asynchronous ate atheism atheist athlete athletes athletic
athletics atlas atlases atmosphere atmospheric atoll atom atomic atoms atop atrial atrium
atrocities att attach attached attaches attaching attachment attachments attack attacked attacker
attackers attacking attacks attain attained attaining attainment attempt attempted attempting
attempts attend attendance attendant attendants attended attendees attending attends attention
attentive attenuation attest attic attire attitude attitudes attorney attorneys attract attracted
attracting attraction attractions attractive attracts attributable attribute attributed attributes
attribution atypical auburn auction auctions audible audience audiences audio audiobook audiobooks
audiovisual audit audited auditing audition auditions auditor auditorium auditors auditory audits
augment augmentation augmented august aunt aura aureus aurora auspices authentic authenticate
authenticated authentication authenticity author authored authoring authorised authoritative
authorities authority authorization authorize authorized authorizes authorizing authors autism
autistic auto autobiography autofocus autograph autographed autographs autoimmune automata automate
automated automatic automatically automating automation automobile automobiles automotive
autonomous autonomy autopsy autos autumn auxiliary ava avail availability available avalanche avant
avatar avatars ave avenged avengers avenue avenues average averaged averages averaging avian
aviation aviator avid avocado avoid avoidance avoided avoiding avoids await awaited awaiting awaits
awake awakening awakenings award awarded awarding awards aware awareness away awe awesome awful
awhile awkward awning axe axel axes axial axiom axis axle aye ayes ayurveda azimuth azure baba babe
babel babes babies baby baccalaureate baccarat bach bachelor bachelorette bachelors bacillus back
backbone backcountry backdoor backdrop backed backgammon background backgrounds backing backlash
backlog backpack backpacker backpackers backpacking backpacks backs backstage backstreet backup
backups backward backwards backyard bacon bacteria bacterial bad badge badger badgers badges badly
badminton bag baggage bags bah baht bail bailey bait bake baked baker bakeries bakers bakery
bakeware baking bal balance balanced balances balancing balboa balcony bald bale ball ballad
ballads ballast ballet ballistic balloon balloons ballot ballots ballroom balls balm bam bamboo ban
banana bananas banco band banda banded bandit bands bandwidth bang banged banging bangkok bangle
bangles bangs banjo bank banker bankers banking bankrupt bankruptcies bankruptcy banks banned
banner banners banning banquet bans bantam baptism baptist baptized bar barb barbarian barbecue
barbeque barber barbie bard bare bareback barefoot barely bargain bargaining bargains barge
bariatric bark barker barking barley barlow barn barney barns barometer baron baroque barracks
barracuda barre barred barrel barrels barren barrier barriers barrow bars bartender barter bas
basal base baseball based baseline basement bases bash bashing basic basically basics basil basin
basins basis basket basketball baskets basque bass bassett bassist bastard bastards bat batch bates
bath bathing bathroom bathrooms baths bathtub batman baton bats battalion batter battered batteries
battery batting battle battlefield battlefront battles battling bay bayou bays bazaar beach beaches
beachfront beacon bead beaded beading beads beagle beam beams bean beanie beans bear beard bearer
bearing bearings bears beast beasts beat beaten beating beats beau beauties beautiful beautifully
beauty beaver beavers bebop became because beck become becomes becoming bed bedding bedrock bedroom
bedrooms beds bedside bedtime bee beech beef been beep beer beers bees beetle beetles before
beforehand beg began begging begin beginner beginners beginning beginnings begins begun behalf
behave behaved behavior behavioral behaviors behaviour behaviours behind behold beige being beings
bel belief beliefs believe believed believer believers believes believing bell belle bells belly
belong belonged belonging belongs beloved below belt belts beltway ben bench benches benchmark
benchmarking benchmarks bend bender bending bends beneath benedict beneficial beneficiaries
beneficiary benefit benefited benefiting benefits benign benjamin benny bent benzene bereavement
berg berlin berries berry berth bertha beside besides bespoke best bestiality bet beta beth bethel
bethesda betrayal betrayed bets better betting between beverage beverages beware beyond bezel bias
biased biases bib bible bibles biblical bibliographic bibliographies bibliography bicycle bicycles
bicycling bid bidder bidders bidding bids biennial big bigger biggest bike biker bikers bikes
biking bikini bikinis bilateral bile bilingual bill billboard billed billet billiard billiards
billie billing billings billion billions bills billy bin binaries binary bind binder binders
binding bindings binds bingo binocular binoculars bins bio biochemical biochemistry biodiversity
biographical biographies biography biological biologist biologists biology biomass biomedical
biometric biometrics biopsy bios biosynthesis biotech biotechnology bipolar birch bird birding
birds birth birthday birthdays birthplace births birthstone bis biscuit biscuits bisexual bishop
bishops bison bistro bit bitch bitches bite bites biting bitmap bits bitter biz bizarre black
blackberry blackboard blackjack blacklist blackout blacks bladder blade blades blah blame blamed
blaming bland blank blanket blankets blanks blast blasted blaster blasting blasts blatant blaze
blazer blazers blazing bleach bleak bleed bleeding blend blended blender blenders blending blends
bless blessed blessing blessings blew blight blind blinded blindness blinds blink blinking bliss
blister blitz blizzard blob bloc block blockade blockbuster blocked blocker blockers blocking
blocks blog blogger bloggers blogging blogs blond blonde blondes blood bloodhound bloody bloom
blooming blooms blossom blossoms blot blouse blow blower blowing blowjob blowjobs blown blowout
blows blue blueberry bluegrass blueprint blueprints blues bluff bluffs blunt blur blurred blush boa
board boarding boards boardwalk boast boasts boat boating boats bob bobble bobby bobcats bod bodied
bodies bodily body bodybuilding bog bogus bohemian boil boiled boiler boilers boiling boing bold
boldly bolivar bolivia bologna bolster bolt bolts bomb bomber bombers bombing bombings bombs
bonanza bond bondage bonded bonding bonds bone bones bong bonita bonnet bonnie bonsai bonus bonuses
boo boob boobs boogie book bookcase booked booker booking bookings bookkeeping booklet booklets
bookmark bookmarks books bookseller booksellers bookshelf bookshop bookstore bookstores boom
boomers booming boon boost boosted booster boosters boosting boosts boot booth booths booties
booting bootleg boots bootstrap booty booze bop bora bordeaux border borderline borders bore bored
boredom boring born borne borough borrow borrowed borrower borrowers borrowing bos boss bosses
boston bot botanic botanical botany both bother bothered bots bottle bottled bottles bottom bottoms
bought boulder boulevard bounce bounced bounces bouncing bouncy bound boundaries boundary bounded
bounds bounty bouquet bouquets bourbon bourgeois bourne bout boutique boutiques bovine bow bowed
bowel bowers bowl bowling bowls bowman bows box boxed boxer boxers boxes boxing boy boycott
boyfriend boys bra brace bracelet bracelets braces bracket brackets brad braid braided braille
brain brains brake brakes braking bran branch branches branching brand branded branding brands
brandy bras brasil brass brave bravery braves bravo bray brazil breach breaches bread breads
breadth break breakdown breaker breakers breakfast breakfasts breaking breakout breaks breakthrough
breast breasted breastfeeding breasts breath breathable breathe breathing breathtaking bred breed
breeder breeders breeding breeds breeze breezy brent brethren brew brewer brewers brewery brewing
brick bricks bridal bride brides bridesmaid bridge bridges bridging brief briefcase briefing
briefings briefly briefs brigade bright brighter brightest brightly brightness brilliance brilliant
brilliantly bring bringing brings brink brio bristol brit britannia brits britt bro broad broadband
broadcast broadcaster broadcasters broadcasting broadcasts broaden broadening broader broadly
broccoli brochure brochures brock broke broken broker brokerage brokers bronco broncos bronze
brooch brooches brood brook brooks broom bros broth brother brotherhood brothers brought brow brown
brownie brownies browning browns browse browser browsers browsing bruins brunch brunette brunettes
brush brushed brushes brushing brutal brutality brute bubba bubble bubbles buccaneers buck bucket
buckets buckle buckles bucks bud buddha buddies budding buddy budget budgetary budgeted budgeting
budgets buds buff buffalo buffer buffers buffet buffy bug buggy bugs build builder builders
building buildings builds built bulb bulbs bulk bulky bull bulldog bulldogs bullet bulletin
bulletins bullets bullock bulls bullshit bully bullying bum bump bumped bumper bumpers bumps bun
bunch bundle bundled bundles bungalow bungalows bunk bunker bunny buoy bur burden burdens bureau
bureaucracy bureaucratic bureaus burger burgers burgess burglar burglary burgundy burial buried
burke burn burned burner burners burning burnout burns burnt burr burrows burst bursting bursts
burton bury bus buses bush bushes busiest business businesses businessman businessmen bust busted
buster busty busy but butch butcher butler butt butte butter butterflies butterfly button buttons
butts buy buyer buyers buying buys buzz bye bylaw bylaws bypass byte bytes byzantine cab cabaret
cabbage cabernet cabin cabinet cabinets cabins cable cables cabling cache cached caches caching
cactus cad caddy cadence cadet cadets cadmium cadre caesar caf cafe cafes cafeteria caffeine cage
cages cain cairns cake cakes calcium calculate calculated calculates calculating calculation
calculations calculator calculators calculus calendar calendars calender calf caliber calibrated
calibration call callback called caller callers calligraphy calling calls calm calming calorie
calories calumet calvary calves calypso cam camcorder camcorders came camel cameo camera cameras
camisole camo camouflage camp campaign campaigning campaigns camper campers campfire campground
campgrounds camping campo camps campsite campsites campus campuses cams can canal canals canary
cancel canceled cancellation cancellations cancelled cancels cancer cancers candid candida
candidacy candidate candidates candies candle candles candy cane canine canister cannabis canned
canning cannon canoe canoeing canoes canon canonical canopy cans cant canton canvas canyon cap
capabilities capability capable capacitance capacities capacitor capacitors capacity cape capillary
capita capital capitalism capitalist capitalization capitalize capitalized capitals capitol capped
cappuccino caps capsule capsules captain captains caption captions captive captivity capture
captured captures capturing car caramel carat caravan caravans carb carbide carbohydrate
carbohydrates carbon carbonate carbs carcinoma card cardboard cardiac cardigan cardinal cardinals
cardio cardiology cardiovascular cards care cared career careers careful carefully caregiver
caregivers careless carers cares cargo caribou caring carl carmen carnival carol carousel carp
carpenter carpenters carpentry carpet carpets carr carriage carried carrier carriers carries carrot
carrots carry carrying cars cart carte cartel carter cartilage carton cartoon cartoons cartridge
cartridges carts carve carved carver carving casa cascade cascades cascading case cases cash
cashier cashiers cashmere casing casino casinos casserole cassette cassettes cast caste caster
casters casting castings castle castles castor casts casual casualties casualty cat catalog
cataloging catalogs catalogue catalogues catalyst catalysts catalytic cataract catastrophe
catastrophic catch catcher catches catching catchment catchy cate categorical categories
categorised categorization categorized category cater catered caterer caterers catering caterpillar
catfish cathedral catheter cathode catholic catholics cation cats cattle caucus caught causal cause
caused causes causing caution cautious cavalier cavaliers cavalry cave caveat cavern caves caviar
cavity cay cayenne cayman cease ceased ceases cedar cee ceiling ceilings cel celeb celebrate
celebrated celebrates celebrating celebration celebrations celebrities celebrity celebs celery
celeste celestial cell cellar cellars cello cellphone cellphones cells cellular cellulose cement
cemeteries cemetery censored censorship census cent centenary centennial center centered
centerpiece centers central centralized centrally centre centred centres centric cents centuries
century cep ceramic ceramics cereal cereals cerebral ceremonial ceremonies ceremony ceres certain
certainly certainty certificate certificates certification certifications certified certify
certifying cervical cessation chad chai chain chains chainsaw chair chaired chairman chairperson
chairs chalet chalets chalk challenge challenged challenger challenges challenging chamber
chamberlain chambers chameleon champ champagne champaign champion champions championship
championships champs chance chancellor chances chandelier chandeliers chandler chang change changed
changer changers changes changing channel channels chant chao chaos chaotic chap chapel chaplain
chapman chapter chapters char character characteristic characteristics characterize characterized
characters charcoal chardonnay charge charged charger chargers charges charging chariot charisma
charismatic charitable charities charity charley charlie charlotte charm charmed charming charms
chars chart charter chartered charters charting charts chase chased chaser chasing chassis chat
chateau chatroom chats chatter chatting cheap cheaper cheapest cheat cheating cheats check checked
checker checkers checking checklist checklists checkout checkpoint checks checksum cheddar cheek
cheeks cheer cheerful cheering cheerleader cheerleaders cheerleading cheers cheese cheesecake
cheeses cheesy cheetah chef chefs chemical chemically chemicals chemist chemistry chemists
chemotherapy cheque cheques cherish cherished cherries cherry cheshire chess chest chesterfield
chestnut chests chevron chevy chew chewing chez chi chic chicas chick chicken chickens chicks chico
chief chiefly chiefs child childbirth childcare childhood children chile chili chill chilled chilli
chilling chilly chime chimes chimney chimp chin china chino chinook chip chipping chips
chiropractic chiropractors chit chloride chlorine chocolate chocolates choice choices choir choke
choking cholesterol choose chooses choosing chop chopin chopped chopper chops choral chord chords
chores chorus chose chosen chow christening christie christy chromatography chrome chromium
chromosomal chromosome chromosomes chronic chronicle chronicles chronograph chronological
chronology chubby chuck chunk chunks chunky church churches ciao cicero cider cigar cigarette
cigarettes cigars cine cinema cinemas cinematic cingular cinnamon cipher circa circle circles
circuit circuitry circuits circular circulate circulated circulating circulation circumcision
circumstance circumstances circus cirque cis cisco citadel citation citations cite cited cites
cities citing citizen citizens citizenship citrate citrine citrus city civic civil civilian
civilians civilization civilizations civilized clad claim claimant claimants claimed claiming
claims clam clamp clamps clan clans clap clarence clarification clarified clarify clarifying
clarinet clarion clarity clash clashes clasp class classes classic classical classics
classification classifications classified classify classmates classroom classrooms classy clause
clauses claw claws clay clean cleaned cleaner cleaners cleaning cleanliness cleans cleanse cleanser
cleansing cleanup clear clearance cleared clearer clearing clearinghouse clearly clears cleavage
clement clergy cleric clerical clerk clerks clever click clickable clicked clicking clicks client
clientele clients cliff cliffs climate climates climatic climax climb climbed climbers climbing
climbs cline cling clinic clinical clinically clinician clinicians clinics clip clipboard clipper
clippers clipping clippings clips clitoris cloak clock clocks clockwise clogs clone cloned clones
cloning close closed closely closeout closeouts closer closes closest closet closets closeup
closing closings closure closures cloth clothes clothing cloths cloud clouds cloudy clover cloves
clown clowns club clubbing clubhouse clubs clue clueless clues cluster clustered clustering
clusters clutch clutter coach coaches coaching coal coalition coarse coast coastal coaster coasters
coastline coasts coat coated coating coatings coats coauthor coax coaxial cob cobalt cobb cobra
coca cocaine cock cocker cockpit cocks cocktail cocktails coco cocoa coconut cocoon cocos cod code
codec codecs coded codeine coder coders codes codex coding coed coefficient coefficients coffee
coffin cog cognition cognitive coherence coherent cohesion cohesive cohort coil coils coin coincide
coincidence coins coke col cola colby cold colder colds cole coles colin coliseum collaborate
collaborating collaboration collaborations collaborative collaborators collage collagen collapse
collapsed collar collars collateral colleague colleagues collect collectable collectables collected
collectible collectibles collecting collection collections collective collectively collector
collectors collects colleen college colleges collegiate collide collie collier collins collision
collisions colloquium cologne colon colonel colonial colonies colonization colony color colorado
colorectal colored colorful coloring colors colossal colour coloured colours colt colts column
columnist columnists columns coma comb combat combating combination combinations combinatorial
combine combined combines combining combo combos combs combustion come comeback comedian comedies
comedy comes comet comets comfort comfortable comfortably comforter comforting comforts comfy comic
comics coming comix comma command commanded commander commanders commanding commandments commando
commands commas commemorate commemorative commence commenced commencement commencing commend
commended comment commentaries commentary commentator commentators commented commenter commenters
commenting comments commerce commercial commercially commercials commission commissioned
commissioner commissioners commissioning commissions commit commitment commitments commits
committed committee committees committing commodities commodity commodore common commonly commons
commonwealth communal commune communicate communicated communicates communicating communication
communications communicator communion communism communist communists communities community commute
commuter commuting comp compact companies companion companions company comparable comparative
comparatively compare compared compares comparing comparison comparisons compartment compartments
compass compassion compassionate compatibility compatible compel compelled compelling compendium
compensate compensated compensation compensatory compete competed competence competencies
competency competent competing competition competitions competitive competitiveness competitor
competitors compilation compilations compile compiled compiler compilers compiling complain
complainant complained complaining complaint complaints complement complementary complemented
complements complete completed completely completeness completes completing completion complex
complexes complexities complexity compliance compliant complicated complication complications
complied complies compliment complimentary compliments comply complying component components
compose composed composer composers composing composite composites composition compositions compost
composting compound compounded compounds comprehend comprehension comprehensive compress compressed
compression compressor compressors comprise comprised comprises comprising compromise compromised
compromising comptroller compulsive compulsory computation computational computations compute
computed computer computerized computers computes computing comrades con conceal concealed conceive
conceived concentrate concentrated concentrates concentrating concentration concentrations concept
conception concepts conceptual concern concerned concerning concerns concert concerted concerto
concerts concession concessions concierge concise conclude concluded concludes concluding
conclusion conclusions conclusive concord concordance concrete concur concurrence concurrent
concurrently condemn condemnation condemned condensation condensed condenser condition conditional
conditioned conditioner conditioners conditioning conditions condo condolences condom condominium
condominiums condoms condor condos conducive conduct conducted conducting conduction conductive
conductivity conductor conductors conducts conduit cone cones confectionery confederate
confederation confer conference conferences conferencing conferred confess confessed confession
confessional confessions confetti confidence confident confidential confidentiality configuration
configurations configure configured configuring confined confinement confirm confirmation confirmed
confirming confirms conflict conflicting conflicts confluence conform conformance conformation
conforming conformity conforms confront confrontation confronted confronting confuse confused
confusing confusion congenital congestion congo congrats congratulate congratulations congregation
congregational congregations congress congresses congressional congressman conjecture conjugate
conjunction conn connect connected connecting connection connections connectivity connector
connectors connects conner conquer conquered conquest cons conscience conscious consciously
consciousness consecutive consensus consent consequence consequences consequent consequential
consequently conservancy conservation conservatism conservative conservatives conservatory conserve
conserved consider considerable considerably consideration considerations considered considering
considers consignment consist consisted consistency consistent consistently consisting consists
consolation console consoles consolidate consolidated consolidating consolidation consortium
conspicuous conspiracy constable constant constantly constants constellation constipation
constituencies constituency constituent constituents constitute constituted constitutes
constitution constitutional constitutions constrained constraint constraints construct constructed
constructing construction constructions constructive constructor constructors constructs construed
consul consular consulate consult consultancy consultant consultants consultation consultations
consultative consulted consulting consumable consumables consume consumed consumer consumers
consuming consumption contact contacted contacting contacts contagious contain contained container
containers containing containment contains contaminant contaminants contaminated contamination
contemplate contemplated contemplating contemporary contempt contend contender contends content
contention contentious contents contest contestants contested contests context contexts contextual
contiguous continent continental continents contingency contingent continual continually
continuation continue continued continues continuing continuity continuous continuously continuum
contour contours contra contraception contraceptive contraceptives contract contracted contracting
contraction contractor contractors contracts contractual contradiction contradictions contradictory
contrary contrast contrasting contrasts contribute contributed contributes contributing
contribution contributions contributor contributors control controlled controller controllers
controlling controls controversial controversies controversy convection convened convenience
convenient conveniently convention conventional conventions converge converged convergence
conversation conversational conversations converse conversely conversion conversions convert
converted converter converters convertible converting convertor converts convex convey conveyance
conveyed conveying conveyor conveys convicted conviction convictions convince convinced convincing
convoy coo cook cookbook cookbooks cooked cooker cookers cookery cookie cookies cooking cooks
cookware cool coolant cooled cooler coolers coolest cooling coon coop cooper cooperate cooperating
cooperation cooperative cooperatives coordinate coordinated coordinates coordinating coordination
coordinator coordinators cop cope copied copier copiers copies coping copper cops copy copying
copyright copyrighted copyrights cor coral cord corded cordless cordoba cords corduroy core cores
corgi cork corn corner corners cornerstone corning corolla corollary corona coronary coronation
corporal corporate corporation corporations corps corpse corpus correct corrected correcting
correction correctional corrections corrective correctly correctness correlate correlated
correlates correlation correlations correspond correspondence correspondent correspondents
corresponding corresponds corridor corridors corrosion corrugated corrupt corrupted corruption
corsair corset cortex cortical corvette cory cos cosmetic cosmetics cosmic cosmology cosmopolitan
cosmos cosponsors cost costa costing costly costs costume costumes cosy cot cote cots cottage
cottages cotton cottonwood couch cougar cougars cough could coulter council councillor councillors
councilman councils counsel counseling counselling counsellor counselor counselors count countdown
counted counter counterfeit counterpart counterparts counters countess counties counting countless
countries country countryside countrywide counts county coup coupe couple coupled coupler couples
coupling couplings coupon coupons courage courageous courier course courses court courteous
courtesy courthouse courtroom courts courtyard cousin cousins couture covariance cove covenant
covenants cover coverage covered covering coverings covers covert cow coward cowboy cowboys cows
cox coyote coyotes coz cozy crab crabs crack crackdown cracked cracker crackers cracking cracks
cradle cradles craft crafted crafting crafts craftsman craftsmanship craftsmen crafty cram cramps
cranberry crane cranes crank crap crappy craps crash crashed crashers crashes crashing crate crater
crates crave craven craving crawl crawler crawling craze crazy cream creams creamy create created
creates creatine creating creation creations creative creatively creativity creator creators
creature creatures credential credentials credibility credible credit credited creditor creditors
credits creed creek creep creeping creepy creme creole crescent crest crested crew crews crib cribs
cricket cried cries crime crimes criminal criminals criminology crimson cripple crises crisis crisp
criteria criterion critic critical critically criticism criticisms criticize criticized critics
critique critiques critters crochet crock crocodile croft crook crooked crooks crop cropped
cropping crops crore cross crosse crossed crosses crossfire crossing crossings crossover crossroads
crossword crosswords crotch crouch crow crowd crowded crowds crown crowned crowns crows crucial
crude cruel cruelty cruise cruiser cruisers cruises cruising crunch crusade crusader crush crushed
crushing crust cry crying crypt crypto cryptographic cryptography crystal crystalline crystals cub
cube cubes cubic cubs cuckold cuckoo cucumber cue cues cuff cufflinks cuffs cuisinart cuisine
cuisines culinary cult cultivate cultivated cultivation cultural culturally culture cultured
cultures culver cum cumbersome cummins cumulative cunning cunt cunts cup cupboard cupid cups cur
curacao curator curb cure cured cures curing curiosity curious curl curling curly curr currencies
currency current currently currents curricula curricular curriculum currie curry curse cursed
cursor cursors curt curtain curtains curvature curve curved curves cushion cushions custodial
custodian custody custom customary customer customers customise customised customize customized
customizing customs cut cute cutie cutler cutlery cutoff cuts cutter cutters cutting cuttings cuz
cyan cyber cyberspace cycle cycles cyclic cyclical cycling cyclists cyclone cylinder cylinders
cylindrical cynical cypress cyprus cysteine cystic cytochrome cytokines cytology cytoplasmic dab
dad daddy dads daemon daft dag dagger dahl daily dairy daisy dal dale dalton dam damage damaged
damages damaging dame damn damned damp damping dams dan dance danced dancer dancers dances dancing
dandy dang danger dangerous dangers dangle dangling danish dans daphne dare dared daring dark
darker darkest darkness darkroom darling darn dart darts das dash dashboard dashed data database
databases date dated dateline dates dating datum daughter daughters daunting davenport davies dawn
day daycare daylight days daytime dazzle dazzling deacon dead deadline deadlines deadly deaf deal
dealer dealers dealership dealerships dealing dealings deals dealt dean deans dear death deaths deb
debate debated debates debating debit debris debt debtor debtors debts debug debugger debugging
debut debuts decade decades decal decals decay deceased decent decentralized deception deceptive
decide decided decides deciding decimal decision decisions decisive deck decker decks declaration
declarations declare declared declares declaring decline declined declines declining deco decode
decoder decoding decomposition decor decorate decorated decorating decoration decorations
decorative decorators decrease decreased decreases decreasing decree dedicate dedicated dedication
deduct deducted deductible deduction deductions dee deed deeds deem deemed deems deep deeper
deepest deeply deer def defamation default defaults defeat defeated defeating defeats defect
defective defects defence defend defendant defendants defended defender defenders defending defends
defense defenses defensive defer deferred defiance deficiencies deficiency deficient deficit
deficits define defined defines defining definite definitely definition definitions definitive
deformation degeneration degradation degraded degrading degree degrees dehydrogenase deity del
delay delayed delaying delays delegate delegated delegates delegation delegations delete deleted
deletes deleting deletion deletions deli deliberate deliberately deliberations delicate delicious
delight delighted delightful delights delinquency delinquent deliver delivered deliveries
delivering delivers delivery dell delta deluxe demand demanded demanding demands dementia demise
demo democracies democracy democrat democratic democrats demographic demographics demolished
demolition demon demons demonstrate demonstrated demonstrates demonstrating demonstration
demonstrations demos den denial denied denies denim denomination denominations denominator denote
denoted denotes dense densities density dent dental dentist dentistry dentists dents deny denying
deodorant dep depart departed departing department departmental departments departs departure
departures depend dependable dependant depended dependence dependencies dependency dependent
dependents depending depends depict depicted depicting depiction depicts depleted depletion deploy
deployed deploying deployment deployments deportation deposit deposited deposition depository
deposits depot deprecated depreciation depressed depressing depression depressive deprivation
deprived depth depths deputies deputy derby deregulation derivation derivative derivatives derive
derived derives dermatitis dermatology derrick derry descend descendants descended descending
descent describe described describes describing description descriptions descriptive descriptor
descriptors desert deserted deserts deserve deserved deserves deserving design designate designated
designating designation designations designed designee designer designers designing designs
desirable desire desired desires desiring desk desks desktop desktops despair despatch desperate
desperately desperation despite dessert desserts destination destinations destined destiny destroy
destroyed destroyer destroying destroys destruction destructive detachable detached detachment
detail detailed detailing details detained detainees detect detectable detected detecting detection
detective detectives detector detectors detects detention deter detergent deterioration determinant
determinants determination determinations determine determined determines determining deterministic
detox detoxification detrimental deuce dev devastated devastating devastation devel develop
developed developer developers developing development developmental developments develops deviant
deviation deviations device devices devil devils devious devise devised devoid devon devote devoted
devotion devotional dew dex dexter dharma diabetes diabetic diagnose diagnosed diagnoses diagnosing
diagnosis diagnostic diagnostics diagonal diagram diagrams dial dialect dialer dialing dialog
dialogue dialogues dialysis diameter diamond diamondbacks diamonds diaper diapers diaphragm diaries
diarrhea diary diaspora diazepam dice dick dickens dickies dicks dictate dictated dictates dictator
dictatorship dictionaries dictionary did die died dielectric dies diesel diet dietary dieter
dieting diets dif diff differ differed difference differences different differential differentiate
differentiated differentiation differently differing differs difficult difficulties difficulty
diffraction diffs diffuse diffusion dig digest digestion digestive digger digging digit digital
digitally digitized digits dignity digs dildo dildos dilemma dilemmas diligence dill diluted
dilution dim dime dimension dimensional dimensions diminish diminished diminishing din dinar dine
diner diners ding dining dinner dinners dinnerware dino dinosaur dinosaurs diocese diode diodes
dioxide dip diploma diplomacy diplomas diplomat diplomatic diplomats dipole dipped dipping dips
dire direct directed directing direction directional directions directive directives directly
director directorate directories directors directory directs dirk dirt dirty dis disabilities
disability disable disabled disabling disadvantage disadvantaged disadvantages disagree disagreed
disagreement disappear disappearance disappeared disappearing disappears disappointed disappointing
disappointment disarmament disaster disasters disastrous disbursement disbursements disc discard
discarded discern discerning discharge discharged discharges disciple disciples disciplinary
discipline disciplined disciplines disclaimer disclaimers disclaims disclose disclosed disclosing
disclosure disclosures disco discography discomfort disconnect disconnected discontinue
discontinued discount discounted discounts discourage discouraged discourse discover discovered
discoveries discovering discovers discovery discreet discrepancies discrepancy discrete discretion
discretionary discriminate discrimination discriminatory discs discus discuss discussed discusses
discussing discussion discussions disease diseases disgrace disguise disgusting dish dishes
dishonest dishwasher dishwashers disk diskette disks dislike dismiss dismissal dismissed disorder
disorders disparate disparities disparity dispatch dispatched dispatcher dispatches dispenser
dispensers dispensing dispersed dispersion displaced displacement display displayed displaying
displays disposable disposal dispose disposed disposition dispute disputed disputes disqualified
disregard disrupt disrupted disruption disruptive diss dissatisfaction dissatisfied dissection
disseminate disseminated dissemination dissent dissenting dissertation dissertations dissipation
dissolution dissolve dissolved distal distance distances distant distilled distinct distinction
distinctions distinctive distinctly distinguish distinguished distinguishes distinguishing
distorted distortion distortions distracted distraction distress distressed distribute distributed
distributes distributing distribution distributions distributor distributors district districts
disturb disturbance disturbances disturbed disturbing dit ditch ditto diva divas dive diver
divergence divers diverse diversification diversified diversion diversions diversity divert
diverted dives divide divided dividend dividends divider divides dividing divine diving divinity
division divisional divisions divorce divorced dizziness dizzy dobson doc dock docket docking docks
docs doctor doctoral doctorate doctors doctrine doctrines document documentaries documentary
documentation documented documenting documents dodge dodgers doe does dog doggie doggy dogma dogs
doh doing dol dolce dole doll dollar dollars dolls dolly dolphin dolphins dom domain domaine
domains dome domestic dominance dominant dominate dominated dominates dominating domination
dominion dominique domino don donate donated donating donation donations done dong dongle donkey
donna donor donors donuts doom doomed door doors doorstep doorway dopamine dope doping dor dorado
dorm dormant dorsal dos dosage dose doses dosing dossier dot doth dots dotted double doubled
doubles doubling doubt doubtful doubts dough doughty dove doves dow down downhill downing download
downloadable downloaded downloading downloads downright downs downside downstairs downstream
downtime downtown downward dozen dozens draft drafted drafting drafts drag dragged dragging dragon
dragonfly dragons drain drainage drained draining drains drake dram drama dramas dramatic
dramatically drank draper drastic drastically draw drawback drawbacks drawer drawers drawing
drawings drawn draws dread dreaded dreadful dream dreamed dreamer dreaming dreams dreamy dredging
dress dressed dresser dresses dressing dressings drew dried drift drifting drill drilled drilling
drills drink drinkers drinking drinks drip dripping drive driven driver drivers drives driveway
driving drop dropout dropped dropping drops drosophila drought drove drown drowned drowning drudge
drug drugs druid drum drummer drumming drums drunk drunken dry dryer dryers drying drywall dual
duality dub dubbed dubious duchess duck ducks duct ducts dude dudes due duel dues duet duff dug duh
dui duke dukes dull duly dumb dummies dummy dump dumped dumping dumps dun dune dunes dung dungeon
dungeons dunk duo dup duplex duplicate duplicated duplicates duplication durability durable
duration during dusk dust dusty dutch duties duty duvet dwarf dwell dwelling dwellings dye dyed
dyer dyes dying dyke dykes dynamic dynamical dynamically dynamics dynamite dynasty dysfunction
dyslexia each eager eagerly eagle eagles ear earl earlier earliest early earn earned earnest
earning earnings earns earring earrings ears earth earthly earthquake earthquakes ease easement
easier easiest easily east easter eastern easy eat eaten eater eaters eating eats eau ebony ebook
ebooks eccentric echo echoed echoes eclectic eclipse eco ecological ecology economic economical
economically economics economies economist economists economy ecosystem ecosystems ecstasy ecu
ecumenical eczema eddy edge edged edges edible edit edited editing edition editions editor
editorial editorials editors edits eds educate educated educating education educational educator
educators eek eel eff effect effected effective effectively effectiveness effects efficacy
efficiencies efficiency efficient efficiently effluent effort efforts egg eggs ego egyptian
egyptians eigenvalues eight eighteen eighteenth eighth eighties eighty einstein either ejaculating
ejaculation eject elaborate elan elapsed elastic elasticity elbow elder elderly elders eldest elect
elected election elections elective electives electoral electorate electors electric electrical
electrically electrician electricians electricity electro electrode electrodes electrolyte
electromagnetic electron electronic electronica electronically electronics electrons
electrophoresis electrostatic elegance elegant elegantly element elemental elementary elements
elephant elephants elevated elevation elevations elevator elevators eleven eleventh elf eligibility
eligible eliminate eliminated eliminates eliminating elimination eliminator elite elites elk ell
elliptic elliptical elm els else elsewhere elusive elves email emailed emailing emails emancipation
embargo embark embarked embarrassed embarrassing embarrassment embassies embassy embed embedded
embedding emblem embodied embodiment embossed embrace embraced embraces embracing embroidered
embroidery embryo embryonic embryos emerald emerge emerged emergence emergencies emergency emergent
emerges emerging emeritus emery eminent emirates emission emissions emit emitted emitting emmy emo
emoticons emotion emotional emotionally emotions empathy emperor emphasis emphasize emphasized
emphasizes emphasizing empire empires empirical employ employability employed employee employees
employer employers employing employment employs emporium empower empowered empowering empowerment
empress empty ems emu emulate emulation emulator emulators enable enabled enables enabling enact
enacted enactment enamel encapsulated encapsulation enchanted enchanting enclose enclosed enclosing
enclosure enclosures encode encoded encoder encoding encompass encompasses encompassing encore
encounter encountered encounters encourage encouraged encouragement encourages encouraging encrypt
encrypted encryption encyclopaedia encyclopedia encyclopedias end endangered endeavor endeavors
endeavour ended endemic ending endings endless endnote endocrine endocrinology endogenous endorse
endorsed endorsement endorsements endorses endothelial endowed endowment endpoint endpoints ends
endurance endure endured enduring enema enemies enemy energetic energies energizer energy enforce
enforceable enforced enforcement enforcing eng engage engaged engagement engagements engages
engaging engine engineer engineered engineering engineers engines english engraved engraving
enhance enhanced enhancement enhancements enhancer enhances enhancing enigma enjoy enjoyable
enjoyed enjoying enjoyment enjoys enlarge enlarged enlargement enlightened enlightenment enlisted
enormous enormously enough enquire enquiries enquiry enrich enriched enrichment enroll enrolled
enrolling enrollment enrolment ensemble ensembles ensign ensuing ensure ensured ensures ensuring
entail entails enter entered entering enterprise enterprises enters entertain entertained
entertainer entertainers entertaining entertainment enthusiasm enthusiast enthusiastic enthusiasts
entire entirely entirety entities entitled entitlement entitlements entity entomology entrance
entrances entrants entrepreneur entrepreneurial entrepreneurs entries entropy entrusted entry
enumerated enumeration envelope envelopes environ environment environmental environmentally
environments envisaged envision envisioned envoy envy enzyme enzymes enzymology ephedra ephedrine
epic epidemic epidemiological epidemiology epilepsy epiphany episcopal episode episodes epithelial
epoch epoxy epsilon equal equality equalization equalizer equally equals equation equations equator
equatorial equestrian equilibrium equine equinox equip equipment equipments equipped equitable
equities equity equivalence equivalent equivalents era eradication erase erased eraser ere erect
erected erectile erection ergo ergonomic ergonomics erica eros erosion erotic erotica err errata
erred erroneous error errors ers eruption escalation escape escaped escapes escaping escort
escorted escorts escrow esoteric espanol especially espionage espresso esprit ess essay essays
essence essential essentially essentials est establish established establishes establishing
establishment establishments estate estates esteem ester estimate estimated estimates estimating
estimation estimator estradiol estrogen estuary eta etched etching eternal eternity eth ethanol
ether ethereal ethic ethical ethics ethnic ethnicity ethos ethyl ethylene etiology etiquette
eucalyptus eureka euro euros euthanasia evacuated evacuation evaluate evaluated evaluates
evaluating evaluation evaluations evaluator evanescence evangelical evangelism evaporation evasion
eve even evening evenings evenly event events eventual eventually ever everglades evergreen
everlasting every everybody everyday everyone everything everywhere evidence evidenced evident
evidently evil evils evite evoked evolution evolutionary evolve evolved evolving exact exactly
exaggerated exalted exam examination examinations examine examined examiner examiners examines
examining example examples exams excavation exceed exceeded exceeding exceedingly exceeds excel
excellence excellent excelsior except exception exceptional exceptionally exceptions excerpt
excerpts excess excessive excessively exchange exchanged exchanges exchanging excise excitation
excite excited excitement exciting exclaimed exclude excluded excludes excluding exclusion
exclusions exclusive exclusively exclusives excursion excursions excuse excused excuses exec
executable execute executed executes executing execution executions executive executives exemplary
exempt exempted exemption exemptions exercise exercised exercises exercising exert exhaust
exhausted exhaustion exhaustive exhibit exhibited exhibiting exhibition exhibitionism exhibitions
exhibitor exhibitors exhibits exile exist existed existence existent existing exists exit exiting
exits exodus exon exotic expand expandable expanded expanding expands expansion expansions
expansive expat expect expectancy expectation expectations expected expecting expects expedite
expedited expedition expeditions expelled expended expenditure expenditures expense expenses
expensive experience experienced experiences experiencing experiential experiment experimental
experimentally experimentation experimenting experiments expert expertise experts expiration expire
expired expires expiring expiry explain explained explaining explains explanation explanations
explanatory explicit explicitly explode exploded exploding exploit exploitation exploited
exploiting exploits exploration explorations exploratory explore explored explorer explorers
explores exploring explosion explosions explosive explosives expo exponent exponential export
exported exporter exporters exporting exports expos expose exposed exposes exposing exposition
exposure exposures express expressed expresses expressing expression expressions expressive
expressly expressway expulsion exquisite extend extended extender extending extends extensible
extension extensions extensive extensively extent exterior extern external externally extinct
extinction extra extracellular extract extracted extracting extraction extractor extracts extranet
extraordinarily extraordinary extras extreme extremely extremes extremist extremists extrusion eye
eyebrow eyebrows eyed eyeglasses eyes eyewear eyewitness fab fable fabric fabricated fabrication
fabrics fabulous facade face faced faceplate faces facet faceted facets facial facials facilitate
facilitated facilitates facilitating facilitation facilitator facilitators facilities facility
facing facsimile fact faction factions factor factories factoring factors factory facts factual
faculties faculty fad fade faded fading fail failed failing fails failure failures faint fainter
fair fairies fairly fairness fairs fairway fairy faith faithful faithfully faiths fake fakes falcon
falcons fall fallen falling fallout falls false falsely fame famed familial familiar familiarity
families family famine famous fan fanatic fanatics fancy fang fanny fans fantasia fantasies
fantastic fantasy far fare fares farewell farm farmer farmers farmhouse farming farmland farms faro
fart farther fas fascinated fascinating fascination fascism fascist fashion fashionable fashioned
fashions fast fastener fasteners faster fastest fasting fat fatal fatalities fate father fathers
fatigue fats fatty faucet faucets fault faults faulty fauna faux fave favor favorable favorably
favored favorite favorites favors favour favoured favours fax faxed faxes faxing fay fear feared
fearful fearing fearless fears feasibility feasible feast feat feather feathers feature featured
features featuring fecal fed federal federally federated federation fedex fedora feds fee feed
feedback feeder feeders feeding feeds feel feeling feelings feels fees feet felicity feline fell
fellow fellows fellowship fellowships felony felt fem female females feminine feminism feminist
feminization femme femmes fen fence fenced fences fencing fender fer fermentation fern ferret
ferries ferrous ferry fertile fertility fertilization fertilizer fertilizers fest festival
festivals festive festivities fetal fetch fetish fetus fever few fewer fey fiat fiber fiberglass
fibers fibre fibres fibromyalgia fibrosis fiction fictional fictitious fiddle fidelity fiduciary
field fielding fields fieldwork fierce fiery fiesta fife fifteen fifth fifty fig fight fighter
fighters fighting fights figs figure figured figures figurine figurines figuring fil file filed
filename filenames files filibuster filing filings fill filled filler fillers filling fills film
filmed filming filmmaker filmmakers filmmaking filmography films filter filtered filtering filters
filth filthy filtration fin final finale finalist finalists finalize finalized finally finals
finance financed finances financial financially financing finch find finder finders finding
findings finds fine fined finely finer fines finest finger fingering fingerprint fingerprints
fingers fingertips finish finished finishes finishing finite fink fins fir fire firearm firearms
firebird fired firefighter firefighters firefly fireman fireplace fireplaces fires firestone
firewall firewalls fireworks firing firm firmly firms firmware first firstly firth fiscal fish
fisher fisheries fisherman fishermen fishers fishery fishes fishing fishnet fist fisting fists fit
fitch fitness fits fitted fitting fittings five fix fixation fixed fixes fixing fixture fixtures
flag flagged flags flagship flagstaff flair flakes flame flamenco flames flaming flamingo flammable
flange flank flannel flap flaps flare flares flash flashback flashcards flasher flashers flashes
flashing flashlight flashlights flask flat flatbed flats flatware flavor flavored flavors flavour
flavours flaw flawed flawless flaws flax flea fled flee fleece fleet flesh fletcher flew flex
flexibility flexible flick flicks flies flight flights flint flip flipping flirt float floating
floats flock flood flooded flooding floodplain floods floor flooring floors flop floppy flops flora
floral florence florist florists floss flour flourish flow flowed flower flowering flowers flowing
flown flows flu fluctuations fluent fluffy fluid fluids fluke fluorescence fluorescent fluoride
flush flushing flute flux fluxes fly flyer flyers flying foam fob focal focus focused focuses
focusing focussed fodder foe foes fog foil fold folded folder folders folding folds foley foliage
folic folio folk folklore folks follow followed followers following follows followup folly fond
font fonts foo food foods fool fooled foolish fools foot footage football footed footer foothills
footing footnote footnotes footprint footprints footsteps footwear for forage forbid forbidden
force forced forces forcing ford fore forecast forecasting forecasts foreclosure foreclosures
forefront foregoing foreground forehead foreign foreigner foreigners foreman foremost forensic
forensics foreseeable foresight forest forester forestry forests forever foreword forfeiture forge
forged forget forgetting forging forgive forgiven forgiveness forgot forgotten fork forklift forks
form formal formally format formation formations formative formats formatted formatting formed
former formerly formidable forming forms formula formulae formulas formulate formulated formulating
formulation formulations fort forte forth forthcoming fortified fortress fortunate fortunately
fortune fortunes forty forum forums forward forwarded forwarding forwards fossil fossils foster
fostering fosters fought foul found foundation foundations founded founder founders founding
foundry fountain fountains four fourteen fourteenth fourth fowler fox foxy foyer fractal fraction
fractional fractions fracture fractures fragile fragment fragmentation fragmented fragments
fragrance fragrances fragrant frame framed frames framework frameworks framing franc franchise
franchises franchising francs frank frankfort frankfurt franklin frankly franks frantic fraternity
fraud fraudulent fray freak freaking freaks freaky free freebies freed freedom freedoms freehold
freeing freelance freelancers freely freeman freestanding freestyle freeware freeway freeze freezer
freezers freezes freezing freight french frenzy frequencies frequency frequent frequently fresh
freshest freshly freshman freshmen freshness freshwater fret friction fridge fridges fried friend
friendly friends friendship friendships fries frightened frightening fringe fritz fro frog frogs
from front frontage frontal frontier frontiers frontline frontpage fronts frost frosted frosty
frozen frugal fruit fruitful fruits fruity frustrated frustrating frustration fry frying fuck
fucked fucker fuckers fucking fucks fudge fuel fueled fuels fugitive fuji fulfil fulfill fulfilled
fulfilling fulfillment fulham full fuller fullest fully fumes fun function functional functionality
functionally functioning functions fund fundamental fundamentalist fundamentally fundamentals
funded funding fundraising funds funeral funerals fungal fungi fungus funk funky funnel funniest
funny fur furious furnace furnaces furnish furnished furnishing furnishings furniture furry further
furthermore fury fuse fused fuses fusion fuss futile futon future futures futuristic fuzzy gables
gadget gadgets gag gage gagged gags gain gained gaining gains gal gala galactic galaxies galaxy
gale gall galleria galleries gallery galley gallon gallons galore gals galvanized gam gambia gamble
gambler gambling game gamer gamers games gaming gamma gan gang gangbang gangbangs gangs gangsta
gangster gap gaping gaps gar garage garages garbage garden gardener gardeners gardening gardens
garland garlic garment garments garner garnet garrison garter garth gas gases gasket gaskets
gasoline gasp gastric gate gated gates gateway gateways gather gathered gathering gatherings
gathers gator gauge gauges gauntlet gave gay gays gaze gazebo gazette gazetteer gazing gear gearbox
geared gearing gears gecko ged gee geek geeks geeky gees geese geisha gel gelatin gels gem gems
gemstone gemstones gen gender gene genealogical genealogy genera general generalization generalized
generally generals generate generated generates generating generation generations generator
generators generic generosity generous generously genes genesis genet genetic genetically genetics
geneva genie genital genius genoa genocide genome genomes genomic genomics genotype genre genres
gent gentle gentleman gentlemen gently gentoo gentry gents genuine genuinely genus geographic
geographical geographically geography geologic geological geology geometric geometry geophysical
geophysics geotechnical geothermal geriatric germ german germans gesellschaft gesture gestures get
getaway getaways gets getting ghetto ghost ghosts giant giants gibbons gibson gid gif gift gifted
gifts giftware gig giga gigabit gigabyte gigantic gigs gilbert gill gilt gimme gimp gin ginger
ginny ginseng giraffe girl girlfriend girlfriends girls giro gis git give giveaway giveaways given
gives giving glacial glacier glaciers glad glade gladiator gladly gladstone glamorous glamour
glance glanced gland glands glare glass glasses glassware glaucoma glaze glazed glazing glen glib
glide glider gliding glimpse glitch glitter global globalization globally globe globes gloria
glorious glory gloss glossaries glossary glossy glove glover gloves glow glowing glucosamine
glucose glue glued glutamate glutamine glutathione gluten glycol gnome gnu goa goal goalie goals
goat goats goblet goblin god goddess godfather gods goes goggles going gold golden goldfish
goldsmith golf golfer golfers golfing gone gong gonzo goo good goodbye goodies goodman goodness
goods goodwill goofy goose gopher gore gorge gorgeous gorilla gosh gospel gospels gossip got goth
gothic gotten gourmet govern governance governed governing government governmental governments
governor governors governs gown gowns grab grabbed grabber grabbing grabs grace graceful gracefully
gracious grad grade graded grader graders grades gradient gradients grading gradual gradually
graduate graduated graduates graduating graduation graffiti graft graham grail grain grained grains
gram grammar grammatical grams gran grand grandchildren grandfather grandma grandmother grandpa
grandparents grandson grange granger granite grannies granny grant granted grantee granting grants
granular grape grapefruit grapes grapevine graph graphic graphical graphically graphics graphing
graphite graphs grasp grass grasses grassland grassroots grated grateful gratis gratitude grave
gravel graves graveyard gravitational gravity gravy gray grazing grease great greater greatest
greatly greatness greed greedy greek green greenfield greenhouse greenhouses greens greenwood greet
greeted greeting greetings grenade grenadines grew grey greyhound grid grids grief grievance
grievances griffin grill grille grilled grilling grills grim grimes grin grind grinder grinders
grinding grip gripping grips grit gritty grizzlies grizzly groceries grocery groom grooming groove
grooves groovy gross ground groundbreaking grounded grounding grounds groundwater groundwork group
grouped grouping groupings groups groupware grove groves grow grower growers growing grown grows
growth grub guarantee guaranteed guarantees guaranty guard guarded guardian guardians guarding
guards guernsey guerrilla guess guessed guessing guest guests guidance guide guidebook guided
guideline guidelines guides guiding guild guilds guile guilt guilty guinea guitar guitarist guitars
gulf gull gum gums gun guns guru gurus gushing gust gusts gut guts gutter guy guys gym gymnasium
gymnastics gyms gynecology gypsy habit habitat habitats habits hacienda hack hacked hacker hackers
hacking hackney hacks had haha haiku hail hailed hair haired hairless hairs hairstyles hairy hale
half halftime halfway hall hallmark halls hallway halo halogen halt halted halter halves ham
hamburg hamburger hamlet hammer hammered hammers hammock hamper hampers hamster hand handbag
handbags handbook handbooks handcrafted handed handful handheld handhelds handicap handicapped
handicrafts handing handle handled handler handlers handles handling handmade handout handouts
hands handset handsets handsome handspring handwriting handwritten handy handyman hang hanger
hangers hanging hangover hangs hank hanks hap happen happened happening happenings happens happier
happily happiness happy harassment harbor harbour hard hardback hardcore hardcover harden hardened
harder hardest hardly hardness hardship hardware hardwood hardy hare harlequin harm harmed harmful
harmless harmonic harmonica harmony harms harness harnesses harp harper harrow harry harsh hart
harvest harvested harvesting has hash hassle hast haste hat hatch hatchback hatcher hatchery hate
hated hates hath hatred hats haul hauling haunt haunted haunting haut haute have haven having havoc
hawk hawking hawks hawthorn hay hays hayward hazard hazardous hazards haze hazel head headache
headaches headed header headers heading headings headlight headlights headline headlines headphone
headphones headquartered headquarters heads headset headsets heal healed healer healing health
healthier healthy heap heaps hear heard hearing hearings hears heart heartbeat heartburn hearted
heartfelt hearth heartland hearts hearty heat heated heater heaters heath heather heating heats
heaven heavenly heavens heavier heavily heavy heavyweight heck hectares hector hedge hedgehog
hedges hedging heed heel heels hefty heh height heightened heights heir heirloom heirs held
helicopter helicopters helium helix hell heller hello helm helmet helmets help helped helper
helpers helpful helping helpless helps hem hematology hemisphere hemoglobin hemorrhage hemp hen
hence henley henry hens hep hepatic hepatitis her herald herb herbal herbicide herbicides herbs
hercules herd here hereafter hereby hereditary herein hereinafter hereof heres hereto hereunder
heritage hermitage hero heroes heroic heroin heroine heron herpes herring hers herself hertz hes
hesitate hesitation het heterogeneity heterogeneous heterosexual heuristic hex hey hibernate
hickory hicks hid hidden hide hides hiding hierarchical hierarchy high higher highest highland
highlander highlands highlight highlighted highlighting highlights highly highs highway highways
hike hikes hiking hilarious hill hills hillside him himself hin hind hinder hinge hinged hinges
hint hints hip hippie hippo hips hire hired hires hiring his hist histogram histology historian
historians historic historical historically histories history hit hitch hitchhiker hitherto hits
hitter hitting hive hives hmm hoax hob hobbies hobbit hobby hobo hockey hoe hoes hog hogan hogs
hogtied hoist hold holden holder holders holding holdings holds hole holes holiday holidays
holiness holistic holland hollow holly holocaust holster holt holy hom homage home homecoming
homeland homeless homelessness homemade homeopathic homeopathy homeowner homeowners homepage
homepages homer homes homeschool homeschooling homestead hometown homework homicide homo
homogeneous homolog homology homosexual homosexuality homosexuals hon honda honest honestly honesty
honey honeymoon honeymooners hong honor honorable honorary honored honoring honors honour
honourable honoured honours hons hoo hood hooded hoodie hoods hook hooked hooker hooks hoop hooper
hoops hooters hoover hop hope hoped hopeful hopefully hopeless hopes hoping hopper hopping hops
horde horizon horizons horizontal horizontally hormonal hormone hormones horn hornet hornets horns
horny horoscope horoscopes horrible horrific horror horrors horse horseback horsepower horses
horseshoe horticultural horticulture hose hoses hosiery hospice hospital hospitality
hospitalization hospitalized hospitals host hostage hostages hosted hostel hostels hostess hostile
hostility hosting hosts hot hotel hotels hotline hotspot hotspots hotter hottest hottie hotties
hound hounds hour hourly hours house housed household householder households housekeeping houses
housewares housewife housewives housing hove hover how howe however hoy hub hubby hubs hue huff hug
huge hugely hugs huh hula hulk hull hum human humane humanitarian humanities humanity humans humble
humid humidity humiliation humility hummer hummingbird humor humorous humour humping humps hun
hundred hundreds hung hunger hungry hunk hunks huns hunt hunted hunter hunters hunting hunts hurdle
hurdles hurley hurricane hurricanes hurry hurst hurt hurting hurts husband husbands hush huskies
husky hustle hustler hut hutch hybrid hybridization hybrids hydra hydration hydraulic hydraulics
hydro hydrocarbon hydrocarbons hydrochloride hydrogen hydrologic hydrology hydroxy hygiene hymn
hymns hype hyper hyperlink hyperlinks hypertension hypertext hypnosis hypnotic hypocrisy hypotheses
hypothesis hypothetical ibis ice iceberg iced ich icing icon icons icy idea ideal ideally ideals
ideas identical identifiable identification identified identifier identifiers identifies identify
identifying identities identity ideological ideology idioms idiot idiots idle idol idols ids iff
ifs igg ignite ignition ignorance ignorant ignore ignored ignores ignoring ill illegal illegally
illicit illness illnesses illuminated illuminating illumination illusion illusions illustrate
illustrated illustrates illustrating illustration illustrations illustrative illustrator image
imagery images imaginary imagination imaginative imagine imagined imaging imam imbalance imitation
immaculate immature immediate immediately immense immensely immersed immersion immigrant immigrants
immigration imminent immoral immortal immortality immune immunity immunization immunoglobulin
immunology imp impact impacted impacting impacts impair impaired impairment impairments impala
impartial impeachment impedance impending imperative imperfect imperial imperialism impetus implant
implantation implants implement implementation implementations implemented implementing implements
implicated implication implications implicit implicitly implied implies imply implying import
importance important importantly importation imported importer importers importing imports impose
imposed imposes imposing imposition impossible impotence impress impressed impression impressions
impressive imprint imprinted imprisoned imprisonment improbable improper improperly improv improve
improved improvement improvements improves improving improvisation impulse inability inaccessible
inaccuracies inaccurate inactive inadequate inadvertently inappropriate inaugural inauguration
inbound inbred incapable incarnation incense incentive incentives inception incest inch inches
incidence incident incidental incidentally incidents inclination inclined include included includes
including inclusion inclusions inclusive income incomes incoming incompatible incompetent
incomplete inconsistencies inconsistency inconsistent incontinence inconvenience incorporate
incorporated incorporates incorporating incorporation incorrect incorrectly increase increased
increases increasing increasingly incredible incredibly increment incremental increments incubated
incubation incubator incubus incumbent incur incurred indebtedness indeed indefinite indefinitely
indemnify indemnity indent independence independent independently independents index indexed
indexes indexing indicate indicated indicates indicating indication indications indicative
indicator indicators indices indicted indictment indie indies indifference indifferent indigenous
indigo indirect indirectly indispensable individual individuality individualized individually
individuals indoor indoors induce induced induces inducing induction inductive indulge indulgence
industrial industrialized industries industry ineffective inefficient ineligible inequalities
inequality inert inertia inevitable inevitably inexpensive inexperienced infamous infancy infant
infantry infants infarction infect infected infection infections infectious infer inference
inferences inferior inferno inferred infertility infiltration infinite infinitely infinity
inflammation inflammatory inflatable inflated inflation inflicted inflow influence influenced
influences influencing influential influenza influx info inform informal informatics information
informational informations informative informed informing informs infos infra infrared
infrastructure infrastructures infringe infringement infusion ingestion ingredient ingredients
inhabitants inhabited inhalation inhaled inherent inherently inherit inheritance inherited inhibit
inhibited inhibition inhibitor inhibitors inhibitory inhibits initial initialization initialize
initialized initially initials initiate initiated initiates initiating initiation initiative
initiatives initiator inject injected injection injections injector injunction injured injuries
injury injustice ink inkjet inks inland inlay inlet inmate inmates inn innate inner inning innings
innocence innocent innovation innovations innovative inns inorganic inpatient input inputs inquire
inquired inquirer inquiries inquiry ins insane insanity inscribed inscription insect insecticides
insects insecure insecurity insensitive insert inserted inserting insertion insertions inserts
inset inside insider insiders insight insightful insights insignia insignificant insist insisted
insisting insists insofar insolvency insomnia inspect inspected inspection inspections inspector
inspectors inspiration inspirational inspirations inspire inspired inspires inspiring instability
install installation installations installed installer installers installing installment installs
instance instances instant instantaneous instantly instead instinct instincts institute instituted
institutes institution institutional institutions instruct instructed instruction instructional
instructions instructor instructors instrument instrumental instrumentation instruments
insufficient insulated insulating insulation insulin insult insulting insults insurance insure
insured insurer insurers insurgency insurgents intact intake intakes intangible integer integers
integral integrate integrated integrates integrating integration integrative integrator integrity
intellect intellectual intellectuals intelligence intelligent intend intended intending intends
intense intensely intensified intensity intensive intent intention intentional intentionally
intentions inter interact interacting interaction interactions interactive interacts interagency
intercept interception interchange interchangeable intercollegiate intercom interconnect
interconnected interconnection intercourse intercultural interest interested interesting
interestingly interests interface interfaces interfaith interfere interference interfering
interferon interim interior interiors interleukin intermediaries intermediary intermediate
intermittent intern internal internally internals international internationally interns internship
internships interpersonal interplay interpolation interpret interpretation interpretations
interpreted interpreter interpreters interpreting interpretive interracial interrogation interrupt
interrupted interruption interruptions interrupts intersection intersections interstate interval
intervals intervene intervening intervention interventions interview interviewed interviewer
interviewing interviews intestinal intestine intimacy intimate intimidation into intolerance
intracellular intranet intravenous intrepid intricate intrigue intrigued intriguing intrinsic intro
introduce introduced introduces introducing introduction introductions introductory intruder
intrusion intrusive intuit intuition intuitive invade invaded invaders invading invalid invaluable
invariably invariant invasion invasive invent invented invention inventions inventive inventor
inventories inventors inventory inverness inverse inversion invertebrates inverted inverter invest
invested investigate investigated investigates investigating investigation investigations
investigative investigator investigators investing investment investments investor investors
invests invisible invitation invitational invitations invite invited invites inviting invocation
invoice invoices invoke invoked invoking involuntary involve involved involvement involves
involving inward iodine ion ionic ionization ions ire iris iron ironic ironically ironing ironman
irons irony irradiation irrational irregular irrelevant irresistible irresponsible irreversible
irrigated irrigation irritable irritating irritation island islander islanders islands isle isles
ism isolate isolated isolates isolation isotope isotopes issuance issue issued issuer issuers
issues issuing italic italicized italics itch itching itchy item items iteration iterations
iterative itineraries itinerary its itself ivory ivy jabber jack jacket jackets jacking jackpot
jacks jacquard jacuzzi jade jaeger jag jaguar jaguars jail jailed jake jam jams jane janitorial
japan jar jargon jars jasmine jasper java jaw jaws jay jays jazz jealous jealousy jean jeans jeep
jelly jenny jeopardy jerk jerking jerry jersey jerseys jess jesse jesuit jet jets jeu jeux jew
jewel jewelers jewellers jewellery jewelry jewels jews jig jigsaw jihad jill jimmie jimmy jin
jingle jitter jive job jobs jock jockey jocks joe joey jog jogging johannes john johnny johns
johnson join joined joiner joining joins joint jointly joints joke joker jokes joking jolly jones
jordan joseph josh joss journal journalism journalist journalists journals journey journeys joy
joyful joys joystick jubilee judas judge judged judgement judgements judges judging judgment
judgments judicial judiciary judo jug juggling jugs juice juices juicy jukebox jumbo jump jumped
jumper jumpers jumping jumps jun junction jungle junior juniors juniper junk junkie junkies
jurassic jurisdiction jurisdictional jurisdictions jurisprudence jurors jury jus just justice
justices justification justified justify juvenile juveniles kaiser kane kangaroo kanji kappa
karaoke karat karate karma kart karting kashmir kat kata kay kayak kayaking kayaks keel keeling
keen keep keeper keepers keeping keeps keepsake kelly kelvin kemp ken kennel kennels keno kent kept
kern kernel kernels kerosene kerry kettle key keyboard keyboards keynote keypad keys keystone
keyword keywords khaki khan khi kick kicked kicker kicking kickoff kicks kid kidding kidnapped
kidnapping kidney kidneys kids kill killed killer killers killing killings kills kiln kilometers
kilometres kin kinase kinases kind kinder kindergarten kindly kindness kindred kinds kinetic
kinetics king kingdom kingdoms kings kinky kiosk kip kirk kiss kissed kisses kissing kit kitchen
kitchens kitchenware kite kites kits kitten kittens kitty kiwi knee knees knew knife knight knights
knit knitted knitting knives knob knobs knock knocked knockers knocking knockout knoll knot knots
know knowing knowingly knowledge knowledgeable known knows koala kohl koi koruna kos kosher kraft
kris krona krone kroner kudos lab label labeled labeling labelled labelling labels labor
laboratories laboratory laborer laborers labour labourer labrador labs labyrinth lac lace lacey
lack lacked lacking lacks lacquer lacrosse lactation lacy lad ladder ladders laden ladies lads lady
lag lager lagoon laguna laid lair lake lakers lakes lakeside lam lama lamb lambda lambert lambs
lame lamentations laminate laminated lamp lamps lance lancer lancet land landau landed lander
landfill landing landings landlord landlords landmark landmarks landowner landowners lands
landscape landscaped landscapes landscaping lane lanes lang langley language languages lantern
lanterns lap lapel laps lapse laptop laptops lar large largely larger largest largo lark lars
larvae las laser laserdisc lasers last lasted lasting lastly lasts lat latch late lately latency
latent later lateral latest latex lathe latina latinas latino latinos latitude latter lattice
lauder laugh laughed laughing laughs laughter launch launched launcher launches launching
laundering laundry laura laurel lava lavender law lawful lawmakers lawn lawns laws lawsuit lawsuits
lawyer lawyers lax lay layer layered layers laying layout layouts lays layup lazy lea leach lead
leader leaders leadership leading leads leaf leaflet leaflets leafs league leagues leak leakage
leaked leaking leaks lean leaned leaning leap leaps lear learn learned learner learners learning
learns learnt lease leased leases leash leasing least leather leave leaves leaving lecture lecturer
lecturers lectures led ledge ledger lee lees left leftist lefty leg legacy legal legality legally
legend legendary legends legged legion legislation legislative legislator legislators legislature
legitimacy legitimate legs lei leisure lemma lemon lemonade lend lender lenders lending lends
length lengths lengthy lens lenses lent leone leopard les lesbian lesbians lesbo lesbos lesion
lesions less lessee lessen lesser lesson lessons lessor lest let lethal lets letter letterhead
lettering letters letting lettuce leu leukemia lev level leveling levels lever leverage leveraging
levers levied levin levy lewis lex lexical lexicon lexis ley liabilities liability liable liaison
liar liars lib liberal liberalism liberalization liberals liberated liberation libertarian
liberties liberty libra librarian librarians libraries library libs lice licence licences license
licensed licensee licensees licenses licensing licensors licensure lick licked licking licks lid
lido lids lie lied lien liens lies lieu lieutenant life lifeline lifelong lifespan lifestyle
lifestyles lifetime lift lifted lifting lifts ligand light lighted lighter lighters lighthouse
lighthouses lighting lightly lightning lights lightweight like liked likelihood likely likes
likewise liking lilac lilies lilo lily lima limb limbs lime limerick limestone limit limitation
limitations limited limiting limits limo limos limousine limousines limp lin linden line lineage
linear lined linen linens liner liners lines lineup ling lingerie lingering lingo lingual
linguistic linguistics lining link linkage linkages linked linker linking links linn lint lion
lions lip lipid lipids liposuction lips lipstick liquid liquidation liquidity liquids liquor lira
lis lisp list listed listen listened listener listeners listening listens lister listing listings
lists lit lite liter literacy literal literally literary literate literature liters lithium
litigation litre litres litter little liturgy live lived livelihood livelihoods lively liver lives
livestock living lizard lizards llama load loaded loader loading loads loaf loan loans lob lobby
lobbying lobbyist lobbyists lobe lobster local locale locales localities locality localization
localized locally locals locate located locating location locations locator loch loci lock locked
locker lockers locking lockout locks loco locomotive locus locust lodge lodged lodges lodging loft
lofty log logan logged logger logging logic logical logically login logistic logistical logistics
logo logon logos logs lone loneliness lonely lonesome long longer longest longevity longhorn
longhorns longing longitude longitudinal longtime look looked looking lookout looks lookup lookups
loom looms looney loop looping loops loose loosely loot lorazepam lord lords lore lose loser losers
loses losing loss losses lost lot lotion lotions lots lotteries lottery lotto lotus loud louder
loudly louie louis lounge lounges lousy love loved lovely lover lovers loves loving low lowe lower
lowercase lowered lowering lowers lowest lows loyal loyalty lube lubricant lubricants lubrication
lucent lucid luck luckily lucky lucrative lug luggage lullaby lulu lumbar lumber lumens luminosity
luminous lump luna lunar lunch luncheon lunches lunchtime lung lungs lupus lure lures lurking
luscious lush lust lutz luv lux luxe luxurious luxury lycra lying lymph lymphocyte lymphocytes
lymphoma lynch lynx lyric lyrical lyrics mac mace mach machine machinery machines machining
macintosh mack macon macro macroeconomic macrophages macros macs mad madam madame madden made
madeira madeleine madness madonna madras mae maestro mafia mag magazine magazines mage magenta
magic magical magician magistrate magistrates magma magnesium magnet magnetic magnetism magnets
magnification magnificent magnitude magnolia magnum mags mahogany maid maiden maids mail mailbag
mailbox mailboxes mailed mailer mailing mailings mailman mails main mainframe mainland mainline
mainly mains mainstream maintain maintained maintainer maintainers maintaining maintains
maintenance maize majestic majesty major majordomo majority majors make makeover maker makers makes
makeup making malaria male males malfunction malice malicious malignant malkin mall malls
malnutrition malpractice malt mama mambo mamma mammal mammalian mammals mammoth man mana manage
manageable managed management manager managerial managers manages managing mandarin mandate
mandated mandates mandatory mandolin mandrake maneuver manga manganese mango manhattan mania maniac
manic manicure manicures manifest manifestation manifestations manifested manifesto manifold
manifolds manila manipulate manipulated manipulating manipulation mankind manly manned manner
manners manning manor manpower mans mansion mantle mantra manual manually manuals manufacture
manufactured manufacturer manufacturers manufactures manufacturing manure manuscript manuscripts
many map maple mapped mapping mappings maps mar mara marathon marble marbles marc marcel march
marched marching mare margarita margin marginal margins maria marijuana marina marine mariner
mariners marines marital maritime mark marked markedly marker markers market marketable marketed
marketer marketers marketing marketplace markets marking markings marks markup marlin marlins
marmot maroon marquee marquis marriage marriages married marrow marry mars marseille marsh marshal
marshall mart martens martial martian martin martini martins martyr martyrs marvel marvelous mas
mascot masculine mash mashed mask masked masking masks mason masonic masonry masquerade mass
massacre massage massager masses massive massively mast master mastered mastering masterpiece
masterpieces masters mastery masthead masturbate masturbating masturbation mat matador match
matchbox matched matches matching matchmaking matchups mate mater material materially materials
maternal maternity mates math mathematical mathematics maths matilda mating matrices matrimonial
matrix mats matt matte matted matter matters mattress mattresses maturation mature maturity maven
maverick mavericks max maxi maxim maxima maximal maximise maximize maximizing maximum maxwell may
maya mayan maybe mayhem mayo mayor mayors mays maze mead meadow meadows meal meals mean meaning
meaningful meaningless meanings means meant meantime meanwhile measles measurable measure measured
measurement measurements measures measuring meat meats mecca mechanic mechanical mechanically
mechanics mechanism mechanisms med medal medallion medals media medial median mediate mediated
mediation mediator medic medicaid medical medically medicare medication medications medicinal
medicine medicines medieval medina mediocre meditation meditations mediterranean medium mediums
medley meds meet meeting meetings meets meg mega megapixel megapixels mel melancholy melanoma melee
mellow melodic melodies melody melon melons melt melted melting melton mem member members
membership memberships membrane membranes meme memo memoir memoirs memorabilia memorable memorandum
memorial memorials memories memory memos mems men menace meningitis menopause menstrual mental
mentality mentally mention mentioned mentioning mentions mentor mentoring mentors menu menus mercer
merchandise merchandising merchant merchantability merchants mercury mercy mere merely merge merged
merger mergers merging meridian merit merits merle merlin merlot mermaid merry mesa mesh
mesothelioma mesquite mess message messages messaging messed messenger messengers messiah messing
messy met meta metabolic metabolism metal metallic metals metaphor metaphors metaphysical
metaphysics metastatic meteor meteorological meteorology meter metering meters meth methadone
methamphetamine methane methanol method methodist methodological methodologies methodology methods
methyl metre metres metric metrics metro metropolis metropolitan metros mib mic mica mice mick
mickey micro microbial microbiology microfilm micron microorganisms microphone microphones
microprocessor microscope microscopes microscopic microscopy microwave microwaves mics mid midday
middle midget midi midland midlands midnight midst midterm midtown midway midwifery mig might
mighty migraine migrant migrants migrate migrated migrating migration migratory mike mikes mil mild
mildly mile mileage miles milestone milestones militant militants military militia milk milking
milky mill millennium miller milling million millionaire millions milliseconds mills milo mime
mimic mind minded mindful mindless minds mindset mine mined miner mineral minerals miners mines
mini miniature miniatures minidisc minimal minimally minimise minimize minimized minimizes
minimizing minimum mining minis minister ministerial ministers ministries ministry minivan mink
minor minorities minority minors mint minus minute minutes mips mir miracle miracles miraculous
mirage mirror mirrored mirroring mirrors mis miscellaneous miscellany mischief misconduct
misdemeanor miserable misery misguided misleading mismatch misplace miss missed misses missile
missiles missing mission missionaries missionary missions missy mist mistake mistaken mistakes
mister mistress misty misunderstood misuse mitigate mitigating mitigation mitochondrial mitzvah mix
mixed mixer mixers mixes mixing mixture mixtures mmm moan moaning mob mobile mobiles mobility
mobilization moc mocha mock mod modal modalities mode model modeled modeling modelled modelling
models modem modems moderate moderated moderately moderation moderator moderators modern modernity
modernization modes modest modification modifications modified modifier modifies modify modifying
mods modular modulation module modules modulus mohawk moi moist moisture mojo mol mold molded
molding molds mole molecular molecule molecules molly molten mom moment moments momentum momma
mommy moms mon monarch monarchy monastery monde mondo monetary money moneys mongolian monies
monitor monitored monitoring monitors monk monkey monkeys monks mono monochrome monoclonal monogram
monograph monographs monophonic monopoly monotone monoxide monsieur monsoon monster monsters
montage monte month monthly months monument monumental monuments moo mood moods moody moon
moonlight moons moor moose moot mop mor moral morale morales morality morally morals moratorium
morbidity more moreover morgan morning mornings morocco moron morphine morphological morphology
morris morrow morse mortal mortality mortar mortgage mortgages mos mosaic mosque mosquito
mosquitoes moss most mostly mot motel motels moth mother motherboard motherboards motherhood
mothers motif motifs motion motions motivate motivated motivating motivation motivational
motivations motive motives motley motocross motor motorbike motorbikes motorcycle motorcycles
motoring motorists motorized motors motorway motto mould moulding moulin mound mounds mount
mountain mountaineering mountains mounted mounting mounts mourning mouse mouth mouths movable move
moved movement movements mover movers moves movie movies moving mower mowers much muck mud muddy
muffin muffins muffler mug mugs mulberry mule mules muller multicultural multifunction multilateral
multilingual multimedia multinational multipart multiplayer multiple multiples multiplication
multiplied multiplier multiply multiplying multipurpose multitude multivariate mum mummy mundane
municipal municipalities municipality munster mural murals murder murdered murderer murders murine
murphy mus muscle muscles muscular musculoskeletal muse museum museums mushroom mushrooms music
musical musicals musician musicians musings musk must mustang mustard muster mutant mutants
mutation mutations mute mutt mutual mutually myocardial myriad myrtle myself mysteries mysterious
mystery mystic mystical mysticism myth mythical mythology myths nada nae nag nah nail nailed nails
naive naked nam name named namely names naming nan nana nancy nanny nanotech nanotechnology nap
napa napkin napkins napoleon narcotic narcotics narrated narration narrative narratives narrator
narrow narrowed narrower narrowing narrowly nasal nasty natal nation national nationalism
nationalist nationality nationally nationals nations nationwide native natives nativity natural
naturalist naturalization naturally naturals nature natures naughty nausea nautical nautilus nav
naval navel navigate navigating navigation navigational navigator navy nay nays nazi nazis near
nearby nearer nearest nearing nearly neat neatly nebula necessarily necessary necessities necessity
neck necklace necklaces necrosis nectar nee need needed needing needle needles needless needs needy
neg negative negatively negatives neglect neglected negligence negligent negligible negotiable
negotiate negotiated negotiating negotiation negotiations neighbor neighborhood neighborhoods
neighboring neighbors neighbour neighbouring neighbours neither nellie nelly nelson nemesis neon
neonatal neoplasm neoplasms neoprene nephew nerd nerve nerves nervous ness nest nested nesting
nestle nestled nests net nets netting network networked networking networks neural neurological
neurology neuron neuronal neurons neuroscience neutral neutrality neutrino neutron never
nevertheless new newbie newbies newborn newcomer newcomers newer newest newly newmarket news
newsgroup newsgroups newsletter newsletters newspaper newspapers newsroom newsstand newswire newt
newton next nexus nib nice nicely nicer niche nick nickel nickname nicotine niece nifty night
nightclub nightclubs nightingale nightlife nightly nightmare nightmares nights nighttime nil nine
nineteen nineteenth ninety ninja ninth nip nipple nipples nirvana nite nitrate nitric nitro
nitrogen nitrous nix noble nobody nocturnal nod nodded node nodes noel noir noise noises noisy nom
nomad nomenclature nominal nominate nominated nominating nomination nominations nominee nominees
noncommercial none nonetheless nonfiction nonlinear nonprofit nonprofits nonsense nonstop noodle
noodles noon nope nor nordic norm normal normalization normalized normally normative norms north
northeast northeastern northern northland northwest northwestern nos nose nostalgia nostalgic not
notable notably notary notation notch note notebook notebooks noted notepad notes noteworthy
nothing notice noticeable noticed notices noticing notification notifications notified notify
notifying noting notion notions notorious notwithstanding noun nouns nous nouveau nova novel
novelist novels novelties novelty novice now nowadays nowhere nozzle nuclear nuclei nucleotide
nucleus nude nudes nudge nudist nudists nudity nugget nuggets nuisance nuke null numb number
numbered numbering numbers numeracy numeric numerical numerically numerous nun nurse nurseries
nursery nurses nursing nurture nurturing nut nutrient nutrients nutrition nutritional nutritionists
nuts nutshell nylon nylons oak oaks oar oasis oath oatmeal oats obedience obese obesity obey obi
obituaries obituary object objected objection objectionable objections objective objectives
objectivity objects obligated obligation obligations obligatory obliged oblique oblivion oboe
obscene obscure observable observance observation observational observations observatory observe
observed observer observers observes observing obsessed obsession obsessive obsolete obstacle
obstacles obstetrics obstruction obtain obtained obtaining obtains obvious obviously occasion
occasional occasionally occasions occidental occult occupancy occupant occupants occupation
occupational occupations occupied occupies occupy occupying occur occurred occurrence occurrences
occurring occurs ocean oceanfront oceanic oceanography oceans och octave octet octets octopus
ocular oda odd oddly odds ode odor odyssey off offbeat offence offences offend offended offender
offenders offending offense offenses offensive offer offered offering offerings offeror offers
office officer officers offices official officially officials offline offs offset offsets offshore
offspring oft often ohm ohms oil oils oily ointment okay old older oldest oldies olds ole olive
olives oma ombudsman omega omission omissions omit omitted omnibus onboard once oncology one ones
oneself ongoing onion onions online only ono ons onset onto ontology onward onwards onyx ooh oops
opacity opal opaque open opened opener openers opening openings openly openness opens opera operate
operated operates operating operation operational operations operative operatives operator
operators ophthalmic ophthalmology opinion opinions opium opponent opponents opportunities
opportunity oppose opposed opposes opposing opposite opposition oppressed oppression ops opt opted
optic optical optics optima optimal optimisation optimised optimism optimistic optimization
optimizations optimize optimized optimizer optimizing optimum option optional optionally options
opus ora oracle oral orally orange oranges orb orbit orbital orbits orc orchard orchestra
orchestral orchid orchids ordained order ordered ordering orderly orders ordinance ordinances
ordinarily ordinary ordinate ordination ordnance ore org organ organic organics organisation
organisations organise organised organiser organisers organising organism organisms organization
organizational organizations organize organized organizer organizers organizes organizing organs
orgasm orgasms orgies orgy orient oriental orientation orientations oriented origin original
originality originally originals originate originated originates originating origination originator
origins orioles ornament ornamental ornaments orphan orphans ors ortho orthodox orthogonal
orthopaedic orthopedic orthopedics oscillation oscillations oscillator osprey osteoarthritis
osteoporosis other others otherwise otter otto ottoman ouch ought ounce ounces our ours ourselves
out outage outages outback outboard outbound outbreak outbreaks outcome outcomes outdated outdoor
outdoors outer outerwear outfit outfits outfitters outgoing outing outings outlaw outlay outlet
outlets outline outlined outlines outlining outlook outlying outpatient outpost output outputs
outrage outraged outrageous outreach outright outs outset outside outsider outsiders outskirts
outsole outsource outsourced outsourcing outstanding outward oval ovarian ovary oven ovens over
overall overcast overcome overcoming overdose overdrive overdue overflow overhaul overhead overland
overlap overlapping overlay overload overloaded overlook overlooked overlooking overly overnight
override overrides overriding overs overseas oversee overseeing oversees oversight oversize
oversized overstock overthrow overtime overture overview overweight overwhelmed overwhelming
overwhelmingly overwrite ovulation owe owed owes owing owl owls own owned owner owners ownership
owning owns oxford oxidase oxidation oxidative oxide oxides oxygen oyster oysters ozone pac pace
paced pacers pacific pacing pack package packaged packages packaging packed packer packers packet
packets packing packs pact pad padded padding paddle paddling paddy padre padres pads pagan page
pageant pager pages paging paid pain painful painfully painless pains paint paintball painted
painter painters painting paintings paints pair paired pairing pairs paisley pajamas pak pal palace
palaces paladin palate pale palette palladium pallet palliative palm palmer palmetto palms pals
palsy pam pamphlet pamphlets pan panama pancake pancakes pancreas pancreatic panda pandemic pandora
pane panel panelists panels panic panorama panoramic pans pant panther panthers pantie panties
pantry pants panty pantyhose pap papa paper paperback paperbacks papers paperwork par para
parachute parade paradigm paradigms paradise paradox paragon paragraph paragraphs paralegal
parallel parallels paralysis parameter parameters parametric paramount paranoia paranoid paranormal
parasite parasites parasitic parcel parcels pardon parent parental parentheses parenthood parenting
parents paris parish parishes parity park parked parker parking parkland parks parkway parliament
parliamentary parlor parody parole paroles parrot parrots parry parse parsed parser parsing parsley
parsons part parted partial partially participant participants participate participated
participates participating participation participatory particle particles particular particularly
particulars particulate parties parting partisan partition partitioning partitions partly partner
partnered partnering partners partnership partnerships parton partridge parts party pas pascal pass
passage passages passed passenger passengers passes passing passion passionate passions passive
passover passport passports password passwords past pasta paste pastel pastor pastoral pastors
pastry pasture pastures pat patch patched patches patching patchwork patent patented patents
paternity path pathetic pathfinder pathogen pathogenesis pathogens pathological pathology paths
pathway pathways patience patient patiently patients patio patriot patriotic patriotism patriots
patrol patron patronage patrons patsy pattern patterned patterns patty pause paused pave paved
pavement pavilion paving paw pawn paws pax pay payable payback paycheck payday payer payers paying
payload payment payments payoff payout payouts payroll pays pea peace peaceful peacefully
peacekeeping peach peaches peacock peak peaks peanut peanuts pear pearl pearls pears peas peasant
peasants peat pebble pecan peck peculiar pedagogical pedagogy pedal pedals pedestal pedestrian
pedestrians pediatric pediatrics pedigree pedro pee peeing peek peel peeled peep peer peerless
peers peg pelican pellet pellets pelvic pen penal penalties penalty penang pence pencil pencils
pendant pendants pending pendulum penetrate penetrating penetration penguin penguins penicillin
peninsula penis pennies penny pens pension pensions pentagon penthouse people peoples pep pepper
peppermint peppers peptide peptides per perceive perceived percent percentage percentages
percentile perception perceptions perceptual perch percussion perennial perfect perfection
perfectly perforated perform performance performances performed performer performers performing
performs perfume perfumes perhaps peri peridot peril perimeter period periodic periodical
periodically periodicals periods peripheral peripherals perish perks perky perm permanent
permanently permeability permissible permission permissions permit permits permitted permittee
permitting peroxide perpendicular perpetrators perpetual perry persecution persist persistence
persistent persists person persona personal personalised personalities personality personalization
personalize personalized personally personals personnel persons perspective perspectives persuade
persuaded persuasion persuasive pertain pertaining pertinent perturbation pervasive peso pesos pest
pesticide pesticides pests pet petals peter peters petit petite petition petitioner petitioners
petitions petrol petroleum pets petty pew pewter phantom pharaoh pharmaceutical pharmaceuticals
pharmacies pharmacist pharmacists pharmacology pharmacy phase phased phases phat phenomena
phenomenal phenomenon phenotype phi philanthropy philharmonic philosopher philosophers
philosophical philosophies philosophy pho phoebe phoenix phone phones phonics phono phosphatase
phosphate phosphorus phosphorylation photo photocopy photograph photographed photographer
photographers photographic photographs photography photometry photon photonics photons photos
phrase phrases physical physically physician physicians physicist physicists physics physiological
physiology physiopathology physique pia pianist piano pianos piazza pic pick picked picker picking
pickle picks pickup pickups picnic pics pictorial picture pictured pictures picturesque pie piece
pieces piedmont pier pierce pierced piercing piers pies pig pigeon piggy pigment pigments pigs pike
pile piles pilgrim pilgrimage pilgrims pill pillar pillars pillow pillows pills pilot pilots pima
pimp pin pinball pinch pine pineapple pines ping pings pink pinnacle pinned pinot pinpoint pins
pint pinto pioneer pioneered pioneering pioneers pip pipe pipeline pipelines piper pipes piping
piracy pirate pirates piss pissed pissing pistol pistols piston pistons pit pitch pitched pitcher
pitchers pitches pitching pitfalls pits pituitary pity pivot pivotal pix pixel pixels pixie pixies
pizza pizzeria place placebo placed placement placements placer places placid placing plagiarism
plague plagued plaid plain plainly plains plaintiff plaintiffs plan planar plane planes planet
planetary planets plank planned planner planners planning plans plant plantation plantations
planted planter planters planting plants plaque plaques plasma plasmid plaster plastic plastics
plat plate plateau plated platelet plates platform platforms plating platinum platoon platter
plausible play playa playable playback playboy played player players playful playground playhouse
playing playlist playlists playmate playoff playoffs plays playwright plaza plea plead pleaded
pleading pleas pleasant pleasantly please pleased pleasing pleasure pleasures pledge pledged
pledges plenary plentiful plenty pliers plight plot plots plotted plotting plow plug plugged plugs
plum plumber plumbers plumbing plume plump plumper plunge plural plurality plus plush plutonium ply
plywood pneumatic pneumonia pocket pockets pod podium pods poem poems poet poetic poetry poets poi
point pointe pointed pointer pointers pointing pointless points poised poison poisoning poisonous
poke poker pol polar polarity polarization polarized pole poles police policeman policemen policies
policing policy polio polish polished polishing polite political politically politician politicians
politics polka poll pollard pollen polling pollock polls pollutant pollutants polluted pollution
polo poly polycarbonate polyester polyethylene polygon polymer polymerase polymers polymorphism
polynomial polynomials polypeptide polyphonic polypropylene polytechnic polyurethane pom pond
ponder ponds pong ponies pony poo poodle pooh pool pooled pooling pools poop poor poorer poorest
poorly pop popcorn pope poplar popped popping poppy pops popular popularity populated population
populations porcelain porch pore pork porn porno pornographic pornography pornos porous port
portability portable portage portal portals ported porter portfolio portfolios porting portion
portions portrait portraits portray portrayal portrayed ports pos pose posed poser poses posh
posing position positioned positioning positions positive positively positives posse possess
possessed possesses possessing possession possessions possibilities possibility possible possibly
post postage postal postcard postcards postcode postdoctoral posted poster posterior posters
postfix postgraduate posting postings postmaster postmodern postoperative postpartum postponed
posts postscript postsecondary posture postwar pot potassium potato potatoes potency potent
potential potentially potentials pots potter pottery potty pouch pouches poultry pound pounding
pounds pour poured pouring poverty pow powder powdered powders power powered powerful powerhouse
powers practicable practical practically practice practiced practices practicing practicum practise
practising practitioner practitioners pragmatic prairie praise praised praises praxis pray prayed
prayer prayers praying preach preached preacher preachers preaching preamble precautions preceded
precedence precedent preceding precinct precincts precious precipitation precise precisely
precision preclude precursor precursors predator predators predecessor predecessors predefined
predetermined predicate predict predictable predicted predicting prediction predictions predictive
predictor predicts predominant predominantly preface prefecture prefer preferable preferably
preference preferences preferential preferred prefers prefix prefixes pregnancies pregnancy
pregnant prehistoric prejudice preliminary prelude premature premier premiere premiership premise
premises premium premiums prenatal prentice prep prepaid preparation preparations preparatory
prepare prepared preparedness prepares preparing preprint prerequisite prerequisites presbyterian
preschool prescribe prescribed prescribing prescription prescriptions presence present presentation
presentations presented presenter presenters presenting presently presents preservation preserve
preserved preserves preserving preset presets presidency president presidential presidents
presiding press pressed presses pressing pressure pressures prestige prestigious presto presumably
presume presumed presumption preteen pretend pretending pretty prevail prevailed prevailing
prevalence prevalent prevent preventative prevented preventing prevention preventive prevents
preview previews previous previously prey price priced priceless prices pricing pride priest
priests prima primal primarily primary primate primates prime primer primers primitive primitives
primo primrose prince princes princess principal principally principals principe principle
principles print printable printed printer printers printing prints prior priorities prioritize
priority prism prison prisoner prisoners prisons pristine privacy private privately privatization
privilege privileged privileges prize prizes pro proactive probabilistic probabilities probability
probable probably probate probation probe probes probing problem problematic problems procedural
procedure procedures proceed proceeded proceeding proceedings proceeds process processed processes
processing procession processor processors proclaim proclaimed proclamation proctor procure
procurement prod prodigy produce produced producer producers produces producing product production
productions productive productivity products prof profanity profession professional professionalism
professionally professionals professions professor professors proficiency proficient profile
profiles profiling profit profitability profitable profits profound profoundly prog progesterone
prognosis program programmable programmatic programme programmed programmer programmers programmes
programming programs progress progressed progresses progressing progression progressive
progressively prohibit prohibited prohibiting prohibition prohibits project projected projecting
projection projections projector projectors projects proliferation prolific prolog prolonged prom
promenade prominence prominent prominently promise promised promises promising promo promos promote
promoted promoter promoters promotes promoting promotion promotional promotions prompt prompted
prompting promptly prompts promulgated prone prong pronounced pronunciation proof proofing proofs
prop propaganda propagation propane propelled propeller proper properly properties property
prophecy prophet prophetic prophets proponents proportion proportional proportions proposal
proposals propose proposed proposes proposing proposition propositions proprietary proprietor props
propulsion pros prose prosecute prosecuted prosecution prosecutor prosecutors prospect prospecting
prospective prospects prospectus prosper prosperity prosperous prostate prostitutes prostitution
protease protect protected protecting protection protections protective protector protectors
protects protein proteins protest protestant protesters protesting protests protocol protocols
proton protons prototype prototypes prototyping proud proudly prove proved proven proverbs proves
provide provided providence provider providers provides providing province provinces provincial
proving provision provisional provisioning provisions provocative provoke provoking provost proxies
proximal proximity proxy prudent prudential pruning psalm psalms pseudo psi psoriasis pst psych
psyche psychedelic psychiatric psychiatrist psychiatry psychic psycho psychological psychologist
psychologists psychology psychosocial psychotherapy psychotic pub puberty pubic public publication
publications publicity publicly publish published publisher publishers publishes publishing pubs
puck pudding pueblo puff puffy pug pull pulled pulley pulling pullman pulls pulmonary pulp pulsar
pulse pulsed pulses puma pump pumped pumping pumpkin pumpkins pumps pun punch punched punches
punching punctuation pundit pundits punish punished punishment punitive punk punt punto pup pupil
pupils puppet puppets puppies puppy pups pur purchase purchased purchaser purchasers purchases
purchasing pure purely purge purification purified purifier purifiers purity purple purpose
purposes purse purses pursuant pursue pursued pursuing pursuit pursuits push pushed pushes pushing
pussies pussy pussycat put putative puts putt putter putting putty puzzle puzzled puzzles pyramid
pyramids python qua quad quadrant quadratic quads quail quaint quake quaker qualification
qualifications qualified qualifier qualifiers qualifies qualify qualifying qualitative qualities
quality quantification quantified quantify quantitative quantities quantity quantum quarantine
quark quarry quart quarter quarterback quarterly quarters quartet quartz quasar quasi quay queen
queens queer queries query quest question questionable questioned questioning questionnaire
questionnaires questions quests queue queues quick quicken quicker quickest quickly quiet quietly
quilt quilted quilting quilts quinta quintet quirky quit quite quits quitting quiz quizzes quorum
quota quotas quotation quotations quote quoted quotes quotient quoting rabbi rabbit rabbits rabies
race raced racer racers races raceway racial racing racism racist rack racket racks racquet
racquetball rad radar radial radiance radiant radiation radiator radiators radical radically
radicals radio radioactive radiography radiological radiology radios radiotherapy radius radon
raffle raft rafting rag rage ragged raging raglan rags rai raid raider raiders raids rail railroad
railroads rails railway railways rain rainbow rainfall rainier raining rains rainy raise raised
raises raising raj rake rallies rally ralph ram ramada rambler rambling ramona ramp rampage rampant
ramps rams ran ranch rancho rancid rand random randomized randomly randy rang range ranged ranger
rangers ranges ranging rank ranked ranking rankings ranks ransom rant rants rap rape raped rapid
rapidly rapids rapper rapport rapporteur raptor raptors rapture rare rarely ras rascal rash
raspberry raster rat ratchet rate rated rates rather ratification ratified rating ratings ratio
ration rational rationale ratios rats rattle rave raven ravens raves raw ray rayon rays razor reach
reached reaches reaching react reacted reacting reaction reactions reactive reactivity reactor
reactors reacts read readability readable reader readers readership readily readiness reading
readings reads ready reagent reagents real realise realised realism realistic realistically
realities reality realization realize realized realizes realizing really realm realms realtor
realtors realty reap reaper rear rearing reason reasonable reasonably reasoned reasoning reasons
reb rebate rebates rebel rebellion rebels rebirth reboot reborn rebound rebounds rebuild rebuilding
rebuilt rec recall recalled recalling recalls recap receipt receipts receivable receivables receive
received receiver receivers receives receiving recent recently receptacle reception receptionist
receptions receptive receptor receptors recess recessed recession recharge rechargeable recherche
recipe recipes recipient recipients reciprocal recital reckless reckon reckoning reclaim reclaimed
reclamation recognise recognised recognises recognising recognition recognizable recognize
recognized recognizes recognizing recombinant recombination recommend recommendation
recommendations recommended recommending recommends recon reconcile reconciliation reconditioned
reconnaissance reconsider reconsideration reconstruct reconstructed reconstruction record
recordable recorded recorder recorders recording recordings records recourse recover recovered
recovering recovery recreate recreation recreational recruit recruited recruiter recruiters
recruiting recruitment recruits rectal rectangle rectangular rector recurrence recurrent recurring
recursion recursive recycle recycled recycling red redding redeem redeemed redefine redemption
redesign redesigned redevelopment redhead redirect redirected redirection redistribute
redistributed redistribution redneck redress reds redskins reduce reduced reduces reducing
reductase reduction reductions redundancy redundant redux redwood ree reed reeds reef reefs reel
reels rees reeves ref refer referee refereed referees reference referenced references referencing
referendum referral referrals referred referrer referrers referring refers refill refills refinance
refinancing refine refined refinement refinery refining reflect reflected reflecting reflection
reflections reflective reflector reflects reflex reflux reform reformation reformed reforming
reforms refractive refractory refrain refresh refreshed refreshing refreshments refrigerated
refrigeration refrigerator refrigerators refs refuge refugee refugees refund refundable refunded
refunds refurbished refurbishment refusal refuse refused refuses refusing reg regain regal regard
regarded regarding regardless regards regatta regency regeneration regent regents reggae regime
regimen regiment regimes regina region regional regions register registered registering registers
registrant registrar registrars registration registrations registries registry regression regret
regrets regs regular regularly regulars regulate regulated regulates regulating regulation
regulations regulator regulators regulatory rehab rehabilitation rehearsal rei reign reimburse
reimbursed reimbursement rein reindeer reinforce reinforced reinforcement reinforcing reinstall
reinstatement reinsurance reissue reissues reiterated reject rejected rejecting rejection rejects
rejoice relapse relate related relates relating relation relational relations relationship
relationships relative relatively relatives relativity relax relaxation relaxed relaxing relay
relays release released releases releasing relentless relevance relevancy relevant reliability
reliable reliably reliance reliant relic relics relied relief relies relieve relieved religion
religions religious relish relisted reload reloaded relocate relocated relocating relocation
reluctance reluctant rely relying rem remain remainder remained remaining remains remake remand
remanufactured remark remarkable remarkably remarked remarks remastered remedial remediation
remedies remedy remember remembered remembering remembers remembrance remind reminded reminder
reminders reminding reminds reminiscent remission remit remix remixes remnant remnants remodeling
remote remotely removable removal removals remove removed remover removes removing remuneration
renaissance renal rename renamed renaming render rendered rendering renders rendezvous rendition
renegade renew renewable renewal renewals renewed renewing renovated renovation renovations
renowned rent rental rentals rented renter renters renting rents reopen reorganization rep repaid
repair repaired repairing repairs repay repayment repayments repeal repealed repeat repeated
repeatedly repeater repeating repeats repentance repertoire repetition repetitive replace replaced
replacement replacements replaces replacing replay replica replicas replicate replicated
replication replied replies reply replying report reported reportedly reporter reporters reporting
reports repositories repository represent representation representations representative
representatives represented representing represents repression reprint reprinted reprints reproduce
reproduced reproducing reproduction reproductions reproductive reps reptile reptiles republic
republican republicans republication repurchase reputable reputation request requested requesting
requests requiem require required requirement requirements requires requiring requisite res resale
rescue rescued research researched researcher researchers researching resell reseller resellers
resemblance resemble resembles resembling resend resent resentment reservation reservations reserve
reserved reserves reservoir reservoirs reset resets resid reside residence residences residency
resident residential residents resides residing residual residue residues resign resignation
resigned resilience resilient resin resins resist resistance resistant resisted resisting resistor
resistors resize resolution resolutions resolve resolved resolves resolving resonance resonant
resort resorts resource resources respect respectable respected respectful respectfully respecting
respective respectively respects respiration respiratory respite respond responded respondent
respondents responder responders responding responds response responses responsibility responsible
responsibly responsive responsiveness rest restart restaurant restaurants rested resting
restitution restless restocking restoration restorative restore restored restores restoring
restrained restraining restraint restraints restrict restricted restricting restriction
restrictions restrictive restricts restructuring rests result resultant resulted resulting results
resume resumed resumes resurrection ret retail retailer retailers retailing retain retained
retaining retains retaliation retardation retarded retention rethink rethinking retina retinal
retire retired retirees retirement retiring retractable retreat retreats retrieval retrieve
retrieved retriever retrieves retrieving retro retrospect retrospective retry return returned
returning returns reunion reunions reunited reusable reuse reused rev reveal revealed revealing
reveals revelation revelations revenge revenue revenues revere reverend reversal reverse reversed
reversible reversing revert reverted review reviewed reviewer reviewers reviewing reviews revise
revised revising revision revisions revisit revisited revitalization revival revive revived
revocation revoke revoked revolt revolution revolutionary revolutions revolver revolving revue
reward rewarded rewarding rewards rewind rewrite rewriting rewritten rex rhapsody rhetoric
rhetorical rheumatoid rhinestone rhino rho rhyme rhymes rhythm rhythmic rhythms ria rial rib ribbed
ribbon ribbons ribosomal ribs rice rich richer riches richest richly richness rick rid ridden
ridder riddle ride rider riders rides ridge ridges ridiculous riding ridley riff rifle rifles rift
rig rigging right righteous righteousness rightly rights rigid rigorous rigs riley rim rims rin
ring ringer ringing rings rink rinse riot riots rip riparian ripe ripped ripper ripping ripple rips
rise risen riser rises rising risk risks risky rite rites ritter ritual rituals ritz rival rivalry
rivals river rivers riverside riviera roach road roads roadside roadster roadway roam roaming roar
roaring roast roasted roasting rob robbed robbery robbins robe robes robin robins robot robotic
robotics robots robust robustness roc rock rocked rocker rockers rocket rockets rocking rocks rocky
rod rode rodent rodents rodeo rods roe roger rogers rogue role roles rolf roll rolled roller
rollers rolling rollover rolls rom roman romance romano romans romantic romantics romeo roms roof
roofing roofs rooftop rookie room roommate roommates rooms rooster root rooted roots rope roper
ropes rosary rose rosebud rosemary roses rosewood roster rosters rot rotary rotate rotated rotating
rotation rotational rotations rotor rotten rottweiler rouge rough roughly roulette round roundabout
rounded rounding rounds roundtable roundup route routed router routers routes routine routinely
routines routing rove rover rovers row rowan rowing rows royal royals royalties royalty rub rubbed
rubber rubbing rubbish ruby rude rue ruff rug rugby rugged rugs ruin ruined ruins rule ruled ruler
rulers rules ruling rulings rum rumble rumor rumors rumour rumours run runaway rune runner runners
running runoff runs runway rupee rupees rupture rural rush rushed rushing rust rustic rusty ruth
ruthless rye sabbath saber sabine sable sabotage sabre sac saccharomyces sack sacks sacrament
sacred sacrifice sacrificed sacrifices sacrificing sad saddle saddles sadly sadness sae safari
safaris safe safeguard safeguarding safeguards safely safer safes safest safety saffron sag saga
sage said sail sailed sailing sailor sailors sails saint saints saith sake sal salad salads
salaries salary sale sales salesman salesperson salinas saline salinity saliva sally salmon
salmonella salon salons saloon salsa salt salts saltwater salty salute salvage salvation samaritan
samba same sample sampled sampler samplers samples sampling samurai san sanction sanctioned
sanctions sanctuary sand sandal sandals sandbox sander sanders sandman sands sandstone sandwich
sandwiches sandy sane sang sanitary sanitation sanity sank sans santo santos sap sapiens sapphire
sarge sash saskatoon sassy sat satellite satellites satin satire satisfaction satisfactorily
satisfactory satisfied satisfies satisfy satisfying saturated saturation sau sauce saucepan saucer
sauces saul sauna saunas sausage savage savanna savannah save saved saver savers saves saving
savings savior saviour savory savoy savvy saw saws sawyer sax saxophone say saying sayings says
scalable scalar scale scaled scales scaling scalp scam scams scan scandal scandals scanned scanner
scanners scanning scans scar scarce scarcely scare scared scarf scarlet scars scart scarves scary
scat scatter scattered scattering scenario scenarios scene scenery scenes scenic scent scented
scents schedule scheduled scheduler schedules scheduling schema schemas schematic scheme schemes
schizophrenia scholar scholarly scholars scholarship scholarships scholastic school schoolgirl
schoolgirls schooling schools science sciences scientific scientifically scientist scientists scion
scissors sclerosis scoop scoops scooter scooters scope scopes score scoreboard scorecard scored
scores scoring scorpion scot scotch scotia scots scout scouting scouts scrabble scramble scrap
scrapbook scraps scratch scratched scratches scratching scream screamed screaming screams screen
screened screener screening screenings screenplay screens screenwriter screw screwdriver screwed
screws scribe script scripting scripts scripture scriptures scroll scrolling scrolls scrub scrubbed
scrubs scrutiny scuba sculptor sculpture sculptures scum sea seafood seal sealed sealing seals seam
seaman seamless seamlessly seams search searchable searched searches searching sears seas seaside
season seasonal seasonally seasoned seasoning seasons seat seated seating seats sec secluded second
secondary seconded secondhand secondly seconds secrecy secret secretarial secretariat secretaries
secretary secretion secretly secrets secs sect section sectional sections sector sectoral sectors
secular secure secured securely secures securing securities security sedan sediment sediments
seduction seductive see seed seeded seeding seedlings seeds seeing seek seeker seekers seeking
seeks seem seemed seeming seemingly seems seen seer sees seg segment segmentation segments
segregated segregation sei seine seismic seize seized seizure seizures sel seldom select selectable
selected selecting selection selections selective selectively selector selects selenium self
selfish sell seller sellers selling sells selves semantic semantics semen semester semesters semi
semiconductor semiconductors seminal seminar seminars seminary sen senate senator senators send
sender sending sends seneca senior seniority seniors sensation sensational sensations sense senses
sensibility sensible sensing sensitive sensitivity sensor sensors sensory sensual sent sentence
sentenced sentences sentencing sentiment sentimental sentiments sentinel sentry separate separated
separately separates separating separation separations separator sept septic sequel sequence
sequences sequencing sequential sequoia ser sera serene serenity serge sergeant serial serials
series serif serine serious seriously seriousness sermon sermons serotonin serpent serum servant
servants serve served server servers serves service serviced services servicing serving servings
servo sesame session sessions set setback seton sets setter setting settings settle settled
settlement settlements settlers settles settling setup seven sevenfold seventeen seventeenth
seventh seventies seventy several severance severe severely severity sew sewage sewer sewing sewn
sex sexes sexiest sexton sexual sexuality sexually sexy sha shabby shack shade shaded shades
shading shadow shadows shady shaft shafts shah shake shaken shaker shakers shakes shaking shall
shallow shalom shalt sham shaman shame shameless shampoo shamrock shanghai shank shape shaped
shapes shaping share shared shareholder shareholders shares shareware sharing shark sharks sharp
sharpening sharper sharply shattered shave shaved shaver shavers shaving shaw shawl shawn she shea
shear sheath shed shedding sheds sheen sheep sheer sheet sheets sheikh sheila shelf shell shellfish
shells shelly shelter sheltered shelters shelves shelving shepherd shepherds sheriff sherlock
sherry shes shetland shield shielded shielding shields shift shifted shifting shifts shilling shin
shine shines shingles shining shiny ship shipment shipments shipped shipper shipping ships shire
shirt shirts shit shiva shock shocked shocking shocks shoe shoes shook shoot shooter shooters
shooting shootout shoots shop shoppe shopper shoppers shopping shops shore shoreline shores short
shortage shortages shortcomings shortcut shortcuts shorten shortened shortening shorter shortest
shortfall shorthand shortlist shortly shorts shot shotgun shots should shoulder shoulders shout
shouted shouting shouts shovel show showbiz showcase showcases showdown showed shower showers
showing shown showroom shows showtime showtimes shredded shredder shredders shri shrimp shrine
shrink shrinking shrub shrubs shrugged shuffle shut shutdown shuts shutter shutters shutting
shuttle shy sibling siblings sic sick sickle sickness side sidebar sided sidekick sides sidewalk
sidewalks sideways siding siege siemens sienna sierra sig sigh sighed sight sighted sighting
sightings sights sightseeing sigma sign signage signal signaling signalling signals signature
signatures signed significance significant significantly signifies signing signs silence silent
silently silhouette silica silicon silicone silk silky silly silt silva silver sim similar
similarities similarity similarly simmer simple simpler simplest simplex simplicity simplification
simplified simplifies simplify simplifying simplistic simply sims simulate simulated simulation
simulations simulator simulators simultaneous simultaneously sin since sincere sincerely sincerity
sine sinful sing singer singers singing single singled singles singleton sings singular sinh
sinister sink sinking sinks sinner sinners sins sinus sip sir sire siren sis sissy sister sisters
sit site sites sith sits sitter sitting situated situation situations six sixteen sixteenth sixth
sixties sixty size sized sizes sizing ska skate skateboard skateboarding skateboards skater skaters
skates skating skeletal skeleton skeptical skepticism sketch sketches ski skid skies skiing skill
skilled skillet skills skim skin skinned skinner skinny skins skip skipped skipper skipping skirt
skirts skis skull skulls skunk sky skyline slab slack slain slam slammed slams slang slant slap
slash slate slated slater slaughter slave slavery slaves slayer sled sleek sleep sleeper sleeping
sleeps sleepwear sleepy sleeve sleeved sleeveless sleeves sleigh slender slept slew slice sliced
slices slick slid slide slider slides sliding slight slightest slightly slim slimming sling slip
slipknot slipped slipper slippers slippery slipping slips slit slogan slogans slope slopes sloppy
slot slots slough slow slowdown slowed slower slowing slowly slows sludge slug slut sluts slutty
sly smack small smaller smallest smallpox smart smarter smarty smash smashed smashing smear smell
smelling smells smile smiled smiles smiley smileys smiling smith smiths smog smoke smoked smoker
smokers smokey smoking smoky smooth smoother smoothing smoothly smother smuggling smut snack snacks
snail snake snakes snap snapped snapper snaps snapshot snapshots snare snatch sneak sneakers sniff
snip sniper snippet snippets snooker snoop snoring snorkeling snort snow snowboard snowboarding
snowboards snowfall snowman snowmobile snowy soak soaked soaking soap soaps soar soaring sober soc
soccer social socialism socialist socially societal societies society socioeconomic sociological
sociology sock socket sockets socks sod soda sodium sofa sofas soft softball softcore softcover
softer softly software softwares soil soils sol solar solarium sold solder soldering soldier
soldiers sole solely solemn solenoid solicit solicitation solicitations solicited solicitor
solicitors solid solidarity solids solitaire solitary solitude solo solos solstice solubility
soluble solution solutions solve solved solvent solvents solver solves solving som soma some
somebody someday somehow someone somerset something sometime sometimes somewhat somewhere son sonar
sonata song songbook songs songwriter songwriting sonic sonnet sonny sons soon sooner soonest
soothing sop sophisticated sophistication sophomore soprano sopranos sorcerer sore sores sorority
sorrow sorry sort sorted sorting sorts sos sought soul souls sound sounded sounding sounds soup
soups sour source sourcebook sourced sources sourcing sous south southeast southeastern southern
southland southwest southwestern souvenir souvenirs sovereign sovereignty soviet sow sox soy
soybean soybeans spa space spacecraft spaced spacer spaces spacing spacious spade spades spaghetti
spam spammer spammers spamming span spandex spaniel spank spanked spanking spanning spans spare
spared spares spark sparked sparkle sparkling sparks sparrow sparse spartan spas spatial spawn
spawned spawning speak speaker speakerphone speakers speaking speaks spear spears spec special
specialise specialised specialising specialist specialists speciality specialization specialize
specialized specializes specializing specially specials specialties specialty species specific
specifically specification specifications specificity specifics specified specifies specify
specifying specimen specimens specs spectacle spectacular spectator spectators specter spectra
spectral spectre spectrometer spectrometry spectroscopy spectrum speculate speculation speculative
speech speeches speed speeding speedo speeds speedway speedy spell spelled spelling spells spence
spencer spend spending spends spent sperm sphere spheres spherical sphinx spice spices spicy spider
spiders spiegel spies spike spikes spill spilled spills spin spinach spinal spindle spine spinner
spinning spins spiral spires spirit spirited spirits spiritual spirituality spiritually spit spite
splash spleen splendid splendor splice splicing splinter split splits splitter splitting spoil
spoiled spoiler spoilers spoke spoken spokesman spokesperson spokeswoman sponge sponsor sponsored
sponsoring sponsors sponsorship sponsorships spontaneous spontaneously spoof spooky spool spoon
spoons sporadic sport sporting sports sportsman sportswear sporty spot spotlight spotlights spots
spotted spotting spouse spouses spout sprawl spray sprayed spraying sprays spread spreading spreads
spreadsheet spreadsheets spree spring springer springs sprinkle sprinkler sprint sprite spruce
sprung spun spur spurs spy spying squad squadron squads square squared squares squash squat squeeze
squeezed squid squire squirrel squirrels squirt squirting sri stab stability stabilization
stabilize stabilized stabilizer stable stables stack stacked stacking stacks stadium stadiums staff
staffed staffing staffs stag stage staged stages staggering staging stain stained staining
stainless stains stair staircase stairs stake stakeholder stakeholders stakes stale stalk stalker
stalking stall stallion stalls stamina stamp stamped stamping stamps stance stand standard
standardization standardized standards standby standing standings standpoint stands stang staple
staples star starch stardust stare stared staring stark starlight starred starring starry stars
starship start started starter starters starting startling starts startup starvation starving stash
stat state stated stately statement statements states statesman statewide static stating station
stationary stationed stationery stations statistic statistical statistically statistics stats
statue statues stature status statute statutes statutory stay stayed staying stays steadily steady
steak steaks steal stealing steals stealth steam steamboat steamer steel steelhead steep steer
steering stein stella stellar stem stems stencil step stepped stepping steps stereo stereos
stereotypes sterile sterling stern steroid steroids stew steward stewardship stick sticker stickers
sticking sticks sticky stiff stiffness stigma still stills stimulate stimulated stimulates
stimulating stimulation stimuli stimulus sting stipulated stir stirred stirring stitch stitched
stitches stitching stochastic stock stocked stockholders stocking stockings stocks stoke stokes
stole stolen stomach stomp stone stones stony stood stool stools stop stopped stopper stopping
stops storage store stored storefront stores storey stories storing storm storms stormy story
storytelling stout stove stoves straight straightforward strain strained strains strait straits
strand stranded strands strange strangely stranger strangers strap straps strata strategic
strategically strategies strategy stratus straw strawberries strawberry stray streak stream
streaming streamline streamlined streamlining streams street streets strength strengthen
strengthened strengthening strengthens strengths stress stressed stresses stressful stretch
stretched stretches stretching stricken strict strictly stride strife strike striker strikes
striking string stringent strings strip stripe striped stripes stripped stripper strippers
stripping strips strive strives striving strobe stroke strokes stroll stroller strollers strong
stronger strongest strongly stroud struck structural structure structured structures structuring
struggle struggled struggles struggling strut struts stub stubborn stubs stuck stud studded student
students studied studies studio studios studs study studying stuff stuffed stuffing stumble
stumbled stump stun stunned stunning stunt stunts stupid stupidity sturdy sturgeon style styled
styles styling stylish stylus sub subcategories subcategory subchapter subclass subclasses
subcommittee subcontractor subcontractors subdivision subdivisions subgroup subgroups subject
subjected subjective subjects sublime submarine submarines submerged submission submissions submit
submits submittal submitted submitter submitting subnet subordinate subparagraph subpart subpoena
subroutine subs subscribe subscribed subscriber subscribers subscribing subscription subscriptions
subsection subsections subsequent subsequently subset subsets subsidiaries subsidiary subsidies
subsidized subsidy subsistence substance substances substantial substantially substantive
substitute substituted substitutes substituting substitution substitutions substrate substrates
subsurface subsystem subsystems subtitle subtitled subtitles subtle subtotal subtract subtraction
subtype subunit subunits suburb suburban suburbs subversion subway subwoofer subwoofers succeed
succeeded succeeding succeeds success successes successful successfully succession successive
successor successors such suck sucked sucker suckers sucking sucks suction sudden suddenly sue sued
suede sues suffer suffered sufferers suffering suffers suffice sufficiency sufficient sufficiently
suffix sugar sugars suggest suggested suggesting suggestion suggestions suggests suicidal suicide
suit suitability suitable suitably suitcase suite suited suites suits sulfate sulfur sulphur sultan
sum summaries summarize summarized summarizes summary summed summer summers summertime summit
summoned summons sumo sums sun sunbeam sunflower sung sunglasses sunk sunless sunlight sunny
sunrise suns sunscreen sunset sunsets sunshine sup super superannuation superb superfamily
superficial superhero superintendent superior superiority superman supermarket supermarkets
supernatural supernova superseded superstar superstars superstore supervise supervised supervising
supervision supervisor supervisors supervisory supper supplement supplemental supplementary
supplementation supplemented supplements supplied supplier suppliers supplies supply supplying
support supported supporter supporters supporting supportive supports suppose supposed supposedly
suppress suppressed suppression suppressor supra supremacy supreme surcharge sure surely surety
surf surface surfaces surfer surfers surfing surge surgeon surgeons surgeries surgery surgical
surname surnames surplus surprise surprised surprises surprising surprisingly surreal surrender
surrendered surrey surrogate surround surrounded surrounding surroundings surrounds surveillance
survey surveyed surveying surveyor surveyors surveys survival survive survived survives surviving
survivor survivors sus susceptibility susceptible sushi suspect suspected suspects suspend
suspended suspense suspension suspensions suspicion suspicious sustain sustainability sustainable
sustained sustaining sutra swallow swallowed swallowing swallows swamp swan swans swap swapping
swaps swarm swat swatch sway swear swearing sweat sweater sweaters sweating sweatshirt sweatshirts
sweeney sweep sweeper sweeping sweeps sweepstakes sweet sweetest sweetheart sweetie sweetness
sweets swell swelling swept swift swiftly swim swimmers swimming swimsuit swimwear swine swing
swinger swingers swinging swings swirl swish swiss switch switchboard switched switches switching
swivel swollen sword swords sworn sycamore syllable syllabus sylvan symbol symbolic symbolism
symbols symmetric symmetry sympathetic sympathy symphonic symphony symposia symposium symptom
symptoms syn synagogue synaptic sync synchronization synchronize synchronized synchronous syndicate
syndicated syndication syndrome syndromes synergy synod synonym synonymous synonyms synopsis
syntactic syntax synth synthesis synthesized synthesizer synthetic syringe syrup system systematic
systematically systemic systems tab tablature table tabled tables tablespoon tablespoons tablet
tabletop tablets tableware tabloid taboo tabs tabular tack tackle tackles tackling taco tactic
tactical tactics tad tae tag tagged tagging tags tail tailed tailgate tailor tailored tailoring
tails tainted taj take taken takeover takes taking tale talent talented talents tales talk talkback
talked talking talks tall taller tally tam tame tammy tan tandem tang tangent tangerine tangible
tangled tango tank tanker tanks tanned tanner tanning tao taos tap tape taped taper tapered tapes
tapestries tapestry tapped tapping taps tar target targeted targeting targets tariff tariffs tarot
tart tartan tarzan tas task tasks taste tasted tastes tasting tasty tat tate tattoo tattoos tau
taught tavern tax taxa taxable taxation taxed taxes taxi taxing taxis taxon taxonomic taxonomy
taxpayer taxpayers tea teach teacher teachers teaches teaching teachings teak teal team teamed
teammates teams teamwork teapot tear tearing tears teas tease teaser teasing teaspoon tec tech
technical technically technician technicians technics technique techniques techno technological
technologically technologies technologist technologists technology techs ted teddy tedious tee teen
teenage teenager teenagers teens tees teeth teflon tel telco tele telecom telecoms teleconference
telegram telegraph telemarketing telemetry telephone telephones telephony telephoto telescope
telescopes televised television televisions telex telford tell teller telling tells telluride
telnet temp temper temperament temperate temperature temperatures tempered tempest template
templates temple temples tempo temporal temporarily temporary temps temptation temptations tempted
tempting ten tenacious tenancy tenant tenants tend tended tendencies tendency tender tenderness
tenders tends tennis tenor tens tense tensile tension tensions tensor tent tentative tenth tents
tenure tequila term termed terminal terminals terminate terminated terminates terminating
termination terminator terminology terminus terms terra terrace terrain terrestrial terrible
terribly terrier terrific terrified terrifying territorial territories territory terror terrorism
terrorist terrorists terry tertiary tes tesla test testament tested tester testers testified
testify testimonial testimonials testimonies testimony testing testosterone tests tetris texas text
textbook textbooks textile textiles texts textual texture textured textures than thank thanked
thankful thankfully thanking thanks thanksgiving that thatcher the theater theaters theatre
theatres theatrical thee theft their theirs them thematic theme themed themes themselves then
thence theological theology theorem theorems theoretical theoretically theories theory therapeutic
therapeutics therapies therapist therapists therapy there thereafter thereby therefor therefore
therein thereof thereon theres thereto thermal thermodynamics thermometer thermometers thermostat
thesaurus these theses thesis theta they thick thicker thickness thief thieves thigh thighs thin
thine thing things think thinker thinkers thinking thinks thinner thinning third thirds thirst
thirsty thirteen thirty this thistle tho thong thongs thoracic thorn thorough thoroughly thorpe
those thou though thought thoughtful thoughts thousand thousands thread threaded threading threads
threat threaten threatened threatening threatens threats three threesome threesomes threshold
thresholds threw thrice thrift thrifty thrill thrilled thriller thrillers thrilling thrills thrive
thriving throat thrombosis throne throttle through throughout throughput throw throwing thrown
throws thru thrust thug thugs thumb thumbnail thumbnails thumbs thunder thunderbird thunderstorm
thunderstorms thus thy thyme thyroid tiara tic tick ticker ticket ticketing tickets tickle tickling
ticks tidal tidbits tide tides tidy tie tied tier tiered ties tiff tiffany tiger tigers tight
tighten tightening tighter tightly tights tiki til tile tiles till tilt timber timberland time
timed timeless timeline timelines timeliness timely timeout timer timers times timetable timetables
timing timothy tin ting tinker tins tint tinted tiny tip tipped tipping tips tire tired tires tis
tissue tissues tit titan titanic titanium titans title titled titles tits titties titty toad toast
toaster tobacco toby tod today todays toddler toddlers toe toes tofu together toggle toilet
toiletries toilets toilette token tokens told toledo tolerance tolerant tolerate tolerated toll
tolls tom tomato tomatoes tomb tomcat tome tommy tomography tomorrow toms ton tone toned toner
toners tones tong tonga tongue tongues tonic tonight tonne tonnes tons tony too took tool toolbar
toolbox tooling tools toon toons tooth toothbrush toothpaste top topaz topic topical topics topless
topo topographic topography topological topology topped topper topping topples tops tor torah torch
torches tore tori tories torn tornado toro torpedo torque torrent torrents torso tort tortoise
torture tortured tory toss tossed tot total totaled totaling totally totals tote totem totes touch
touchdown touche touched touches touching tough tougher toughest tour toured touring tourism
tourist tourists tournament tournaments tourney tours tout tow toward towards towel towels tower
towers towing town townhomes townhouse townhouses towns township toxic toxicity toxicology toxin
toxins toy toying toys trace traced tracer traces tracing track tracked tracker tracking tracks
tract traction tractor tractors tracts trad trade traded trademark trademarks trader traders trades
trading tradition traditional traditionally traditions traffic trafficking tragedy tragic trail
trailer trailers trailing trails train trained trainee trainees trainer trainers training trainings
trains trait traits trajectory tram tramp trampoline trance tranny tranquil tranquility trans
transaction transactional transactions transatlantic transceiver transcend transcribed transcript
transcription transcriptional transcripts transducer transducers transduction transfer transferable
transferred transferring transfers transform transformation transformations transformed transformer
transformers transforming transforms transfusion transgender transgenic transient transistor
transistors transit transition transitional transitions translate translated translates translating
translation translations translator translators translucent transmembrane transmission
transmissions transmit transmitted transmitter transmitters transmitting transnational transparency
transparent transplant transplantation transplants transport transportation transported transporter
transporting transports transsexual transsexuals transverse transvestite transvestites trap trapped
trapping traps trash trashy trauma traumatic travel traveled traveler travelers traveling travelled
traveller travellers travelling travels traverse tray trays tread treadmill treadmills treason
treasure treasurer treasures treasury treat treated treaties treating treatise treatment treatments
treats treaty treble tree trees trek trekking trembling tremendous tremendously trench trenches
trend trends trendy tres trey triad trial trials triangle triangles triangular triathlon tribal
tribe tribes tribunal tribunals tribune tribute tributes trick tricks tricky trident tried tries
trigger triggered triggering triggers trillion trilogy trim trimester trimmed trimmer trimming
trims trinity trio trip triple triples tripod tripods tripping trips triton triumph trivia trivial
trivium trois troll trolley trombone troop trooper troopers troops trophies trophy tropical tropics
trouble troubled troubles troubleshoot troubleshooting troublesome troubling trough trousers trout
troy truck trucker truckers trucking trucks true truly trump trumpet truncated trunk trunks truss
trust trusted trustee trustees trusting trusts trustworthy truth truths try trying tsunami tub tube
tuberculosis tubes tubing tubs tubular tuck tucked tucker tufts tug tuition tulip tulips tumble
tummy tumor tumors tumour tuna tundra tune tuned tuner tuners tunes tung tungsten tuning tunnel
tunneling tunnels tunning turbine turbines turbo turbulence turbulent turf turk turkey turks
turmoil turn turnaround turned turner turning turnkey turnout turnover turnovers turnpike turns
turntable turntables turquoise turtle turtles tut tutor tutorial tutorials tutoring tutors tutti
tux tuxedo twain twat tweak tweaking tweaks tweed tween twelfth twelve twentieth twenty twice
twilight twill twin twins twist twisted twister twisting twists two tycoon tying tyne type typed
types typewriter typhoon typical typically typing typo typographical typography typos tyranny tyre
tyres tyrosine ubiquitous ugh ugly ulcer ulcers ulster ultima ultimate ultimately ultra ultrasonic
ultrasound ultraviolet umbrella umbrellas umm unable unabridged unacceptable unaffected unanimous
unanimously unanswered unassigned unattached unattended unaudited unauthorized unavailable
unavoidable unaware unbeatable unbelievable unbiased unborn unbound unbranded uncensored uncertain
uncertainties uncertainty unchanged unclaimed unclassified uncle unclear uncomfortable uncommon
unconditional unconscious uncontrolled unconventional uncover uncovered uncut undated undead
undecided undefined under underage undercover underdog undergo undergoing undergone undergrad
undergraduate undergraduates underground underline underlined underlying undermine underneath
underscore undersigned understand understandable understanding understandings understands
understood undertake undertaken undertaking undertakings undertook underwater underway underwear
underwent underwood underworld underwriters underwriting undesirable undo undoubtedly undressing
undue uneasy unemployed unemployment unequal uneven unexpected unexpectedly unexplained unfair
unfamiliar unfavorable unfinished unfold unfolding unforgettable unfortunate unfortunately unframed
unhappy unhealthy unhelpful uni unicorn unidentified unification unified uniform uniformity
uniformly uniforms unilateral uninstall uninsured unintended uninterrupted union unions unique
uniquely uniqueness unisex unison unit unitarian unitary unite united units unity universal
universally universe universities university unjust unknown unlawful unleaded unleashed unless
unlike unlikely unlimited unlisted unloading unlock unlocked unlocking unmarried unmatched unnamed
unnatural unnecessarily unnecessary unofficial unopened unpaid unparalleled unpleasant unplugged
unprecedented unpredictable unprotected unpublished unrated unread unreal unrealistic unreasonable
unregistered unrelated unreliable unresolved unrest unrestricted uns unsafe unsatisfactory
unsecured unseen unset unsigned unsolicited unspecified unstable unsuccessful unsuitable
unsupported unsure until untitled unto untold untouched untreated unused unusual unusually unveiled
unveils unwanted unwilling unwind unwrap unzip upbeat upcoming update updated updates updating
upfront upgrade upgraded upgrades upgrading upheld uphold upholstery upland uplifting upload
uploaded uploading uploads upon upper upright uprising ups upscale upset upside upstairs upstate
upstream uptake uptime uptown upward upwards uranium urban urea urge urged urgency urgent urgently
urges urging urinary urine urn urology usability usable usage use used useful usefulness useless
user username users uses usher using usual usually utensils uterine uterus utilities utility
utilization utilize utilized utilizes utilizing utmost utopia utter utterly vac vacancies vacancy
vacant vacation vacations vaccination vaccine vaccines vacuum vacuums vagina vaginal vaginas vague
vaguely vail vain valance vale valencia valentine valentines valet valiant valid validate validated
validating validation validity valley valleys valor valuable valuation valuations value valued
values valve valves vampire vampires van vandalism vanguard vanilla vanished vanishing vanity vans
vantage vapor var variability variable variables variance variances variant variants variation
variations varied varies varieties variety various vars varsity vary varying vascular vase vases
vast vastly vat vault vaults veal vector vectors veg vegan vegetable vegetables vegetarian
vegetation veggie veggies vehicle vehicles vehicular veil vein veins velcro velocities velocity
velour velvet vending vendor vendors veneer venetian vengeance venom venous vent vented ventilation
ventricular vents venture ventures venue venues venus vera verb verbal verbatim verbose verbs
verdict verge verification verified verify verifying veritas veronica versatile versatility verse
verses version versions versus vert vertex vertical vertically vertices vertigo verve very vessel
vessels vest vested vests vet veteran veterans veterinarian veterinarians veterinary veto vets via
viability viable vial vibe vibes vibrant vibrating vibration vibrations vibrator vibrators vice
vices vicinity vicious victim victims victor victoria victories victorious victory vid vide video
videos videotape vids vie view viewable viewed viewer viewers viewfinder viewing viewpoint
viewpoints views vigil vigor vigorous vigorously viking vikings vile villa village villagers
villages villain villains villas vim vin vine vinegar vines vineyard vineyards vintage vinyl viola
violate violated violates violating violation violations violence violent violently violet violin
viper viral virgin virgins virology virtual virtually virtue virtues virus viruses vis visa visas
viscosity visibility visible vision visionary visions visit visitation visited visiting visitor
visitors visits visor vista visual visualization visualize visually visuals vita vitae vital
vitality vitamin vitamins viva vivid vocabulary vocal vocalist vocals vocation vocational vodka
vogue voice voiced voicemail voices void volatile volatility volcanic volcano volcanoes volleyball
volt volta voltage voltages volts volume volumes voluntarily voluntary volunteer volunteered
volunteering volunteers vomiting voodoo vortex vote voted voter voters votes voting voucher
vouchers vow vowel vows vox voyage voyager voyages voyeur vulgar vulnerabilities vulnerability
vulnerable wacky wade wafer waffle wage wager wagering wages wagon wagons wainwright waist wait
waited waiter waiting waitress waits waive waived waiver waivers wake waking wales walk walked
walker walkers walking walks wall walla walled wallet wallets wallpaper wallpapers walls wally
walnut waltz wan wand wander wandered wandering want wanted wanting wants wap war warbler warcraft
ward warden wardrobe wards ware warehouse warehouses warehousing wares warfare warm warmer warmers
warming warmly warmth warn warned warner warning warnings warns warp warped warrant warranted
warranties warrants warranty warren warrior warriors wars warsaw wartime warts wary was wash
washable washed washer washers washes washing wasp waste wasted wastes wastewater wasting wat watch
watchdog watched watcher watchers watches watching water watercolor watercraft waterfall waterfalls
waterfowl waterfront watering waterloo watermark waterproof waters watershed watersheds waterway
waterways watt watts wave waveform wavelength wavelengths wavelet waves waving wax waxing way ways
weak weaken weakened weaker weakly weakness weaknesses wealth wealthy weapon weapons wear wearing
wears weary weather weave weaver weaving web webcam webcams webcast webcasts weber weblog weblogs
webmaster webmasters webpage webpages webs website websites webster wed wedding weddings wedge
wedges wee weed weeds week weekday weekdays weekend weekends weekly weeks weep weeping weigh
weighed weighing weighs weight weighted weighting weights weiner weir weird welch welcome welcomed
welcomes welcoming weld welded welding welfare well wellness wells welsh welt wen went were
werewolf west western westerns westward wet wetland wetlands whale whales wharf what whatever whats
whatsoever wheat wheel wheelchair wheelchairs wheeled wheeler wheeling wheels when whence whenever
where whereas whereby wherein wherever whether whey which whichever while whilst whimsical whining
whip whipped whipping whirlpool whiskey whisky whisper whispered whispering whispers whistle
whistler whistles white whitehead whitening whites whiting who whoa whoever whole wholesale
wholesaler wholesalers wholly whom whore whores whose why wicca wick wicked wicker wicket wide
widely widen widening wider widespread widest widget widgets widow widows width widths wiener wife
wig wigan wight wigs wild wildcard wildcat wildcats wilder wilderness wildfire wildlife wildly
wildwood will willie willing willingly willingness willow wills willy wilt win winch wind windchill
winding windmill window windows winds windshield windsurfing windy wine wineries winery wines wing
winged wings wink winner winners winning wins winter winters wipe wiped wiper wipes wire wired
wireless wires wiring wisdom wise wisely wish wished wishes wishing wit witch witchcraft witches
with withdraw withdrawal withdrawals withdrawing withdrawn withdrew withheld withhold withholding
within without withstand witness witnessed witnesses witnessing witty wives wiz wizard wizards woe
woes woke wolf wolfram wolverine wolves woman womb women won wonder wondered wonderful wonderfully
wondering wonderland wonders wont woo wood wooded wooden woodland woodlands woodruff woods
woodworking woody wool word wording words wore work workable workbench workbook worked worker
workers workflow workforce working workings workload workmanship workout workouts workplace
workplaces works worksheet worksheets workshop workshops workspace workstation workstations world
worldly worlds worldwide worm worms worn worried worries worry worrying worse worship worst worth
worthless worthwhile worthy would wound wounded wounds woven wow wrangler wrap wrapped wrapper
wrappers wrapping wraps wrath wreath wreck wren wrench wrestling wretch wright wrinkle wrinkles
wrist writ write writer writers writes writing writings written wrong wrongful wrongly wrote
wrought wynn xenon xerox yacht yachting yachts yahoo yak yam yang yard yards yarn yarns yay yea
yeah year yearbook yearly years yeas yeast yeh yell yelled yelling yellow yen yep yes yesterday yet
yield yielded yielding yields yin yoga yogurt yoke you young younger youngest youngs youngsters
your yours yourself yourselves youth youthful youths yuan yum yummy yup zaire zap zeal zebra zee
zenith zephyr zeppelin zero zeros zeta zillion zinc zine zines zip zipped zipper zippered zirconia
zodiac zombie zombies zona zone zoned zones zoning zoo zoology zoom zoophilia zoos
"""
