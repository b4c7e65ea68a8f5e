import type { LegalMessages } from './messages';

export const legal: LegalMessages = {
  lastUpdated: (date: string) => `Ilisasishwa mwisho: ${date}`,
  contents: 'Yaliyomo',
  questions: {
    call: 'Una maswali? Piga simu',
    email: ', tuma barua pepe kwa',
    form: 'au tumia',
    formLink: 'fomu yetu ya mawasiliano',
  },

  privacy: {
    title: 'Sera ya Faragha',
    intro: 'Sera hii inaeleza, kwa maneno rahisi, taarifa binafsi ambazo duka letu linakusanya, kwa nini linazikusanya, na haki ulizo nazo juu ya taarifa hizo.',
    controller: {
      title: 'Nani anawajibika kwa taarifa zako',
      text: (name: string, address: string) =>
        `Sisi, ${name}, ${address}, ndio tunaoamua jinsi taarifa zako binafsi zinavyotumika katika duka hili (yaani sisi ndio "mdhibiti wa data"), na tunazishughulikia kama inavyotakiwa na Sheria ya Kulinda Data ya 2019 ya Kenya.`,
    },
    collect: {
      title: 'Taarifa tunazokusanya',
      items: [
        'Unapoagiza: jina lako, namba ya simu, barua pepe na anwani ya kuletewa mzigo, bidhaa ulizonunua, na maelezo ya malipo kutoka M-Pesa (namba ya simu iliyolipa, kiasi cha pesa na namba ya risiti ya M-Pesa). Hatuoni wala hatuhifadhi PIN yako ya M-Pesa kamwe.',
        'Unapofungua akaunti: jina lako, barua pepe, namba ya simu, na nenosiri lako likiwa limevurugwa (hashed) lisiweze kusomeka.',
        'Unapotuandikia: jina lako, barua pepe na ujumbe wako. Unapojiunga na jarida: barua pepe yako.',
        'Unapotembelea duka: seva yetu inarekodi kurasa zilizofunguliwa, saa na anwani yako ya IP, ili duka liendelee kufanya kazi na kubaki salama.',
      ],
    },
    purposes: {
      title: 'Kwa nini tunazitumia',
      items: [
        'Kupokea oda zako, kuzileta na kukuhudumia kuzihusu (mkataba wetu na wewe).',
        'Kutunza kumbukumbu za kodi na za hesabu ambazo sheria ya Kenya inataka.',
        'Kujibu jumbe zako na kulinda duka dhidi ya udanganyifu na matumizi mabaya (maslahi yetu halali).',
        'Kukutumia jarida, ikiwa tu uliliomba (kwa ridhaa yako, ambayo unaweza kuiondoa wakati wowote).',
      ],
    },
    sharing: {
      title: 'Tunampa nani taarifa zako',
      text: 'Hatuuzi taarifa zako. Tunampa kila mmoja wa hawa tu kile anachohitaji:',
      items: [
        'Safaricom, ili kushughulikia malipo yako ya M-Pesa;',
        'wanaotusaidia kusafirisha mizigo: jina lako, namba ya simu na anwani ya kuletewa mzigo;',
        'kampuni inayotuma barua pepe zetu;',
        'mamlaka za serikali, pale sheria inapotaka.',
      ],
    },
    cookies: {
      title: 'Vidakuzi (cookies) na kivinjari chako',
      text: 'Tunatumia vidakuzi (cookies) kukumbuka kikapu chako, lugha yako na kama "Okoa data" imewashwa tu, na hifadhi ya kivinjari chako ili ubaki umeingia kwenye akaunti yako. Hatutumii vidakuzi vya matangazo wala vya kukufuatilia, wala huduma za takwimu za watu wa nje. Ramani iliyo kwenye ukurasa wa nyumbani na wa mawasiliano inatoka OpenStreetMap, na inafunguka tu unaposhuka hadi ilipo; hapo OpenStreetMap inaona anwani yako ya IP.',
    },
    retention: {
      title: 'Tunazihifadhi kwa muda gani',
      items: [
        'Oda na malipo: miaka 7, kama sheria ya kodi inavyotaka.',
        'Jumbe ulizotutumia: hadi miaka 2.',
        'Jarida: hadi utakapojiondoa.',
        'Akaunti yako: hadi utakapoifuta. Rekodi za kuingia ulizotoka na viungo vya kuweka nenosiri jipya hufutwa baada ya wiki moja.',
        'Nakala za akiba (backups) za duka: wiki moja; taarifa unazofuta huondoka humo kadiri nakala hizo zinavyobadilishwa na mpya.',
        'Kumbukumbu za seva (logs): siku 90.',
      ],
    },
    rights: {
      title: 'Haki zako',
      text: 'Unaweza kuomba kuona taarifa tulizo nazo kukuhusu, kuzirekebisha, kuzifuta, au kutuzuia tusizitumie kwa lengo fulani, na unaweza kuondoa ridhaa yako ya kupokea jarida wakati wowote.',
      see: {
        label: 'Kuona taarifa zako:',
        text: "ukiwa umeingia, fungua Akaunti Yangu na uchague 'Pakua taarifa zangu'. Utapata faili lenye maelezo yako, anwani zako za kuletewa mzigo, oda zako, usajili wako wa jarida na jumbe ulizotutumia.",
      },
      remove: {
        label: 'Kufuta akaunti yako:',
        text: "ndani ya Akaunti Yangu, 'Futa akaunti yangu' inakuomba nenosiri lako, kisha inafuta akaunti yako, inakutoa kwenye akaunti katika kila kifaa, inakuondoa kwenye jarida na inafuta jumbe ulizotutumia. Oda zako zinabaki kwenye hesabu zetu, kama sheria ya kodi inavyotaka, lakini bila jina lako, barua pepe, namba ya simu wala anwani; kiasi cha pesa na namba za risiti za M-Pesa zinabaki.",
      },
      byPhone: {
        label: 'Kwa simu:',
        text: 'kama huwezi kuingia, tupigie simu au tuandikie. Tukishahakikisha kuwa ni wewe, tunakupakulia au kukufutia taarifa zako ndani ya siku 7.',
      },
      newsletter: {
        label: 'Jarida:',
        text: 'kila jarida lina kiungo cha kujiondoa kwa kubofya mara moja.',
      },
      complaint:
        'Kama hujaridhika na jibu letu, unaweza kupeleka malalamiko kwa Ofisi ya Kamishna wa Kulinda Data (www.odpc.go.ke).',
    },
    security: {
      title: 'Jinsi tunavyozilinda',
      text: 'Duka linatumia mawasiliano yaliyosimbwa (HTTPS), manenosiri huhifadhiwa yakiwa yamevurugwa (hashed) tu, na ni wafanyakazi wanaohitaji maelezo yako ili kukuhudumia pekee wanaoweza kuyaona.',
    },
    changes: {
      title: 'Mabadiliko ya sera hii',
      text: 'Tukibadilisha sera hii tutasasisha tarehe iliyo juu, na tutakujulisha kwa barua pepe kuhusu mabadiliko muhimu.',
    },
  },

  terms: {
    title: 'Vigezo na Masharti',
    intro: 'Haya ndiyo masharti ya kununua kutoka duka letu la mtandaoni, kwa maneno rahisi.',
    who: {
      title: 'Sisi ni nani',
      text: (name: string, address: string) =>
        `Duka hili linaendeshwa na ${name}, ${address}. Masharti haya yanaposema "sisi" au "yetu" yanamaanisha ${name}; "wewe" ni mtu anayeagiza. Kwa kuweka oda unakubali masharti haya. Hayakuondolei haki yoyote uliyo nayo chini ya Sheria ya Kulinda Watumiaji ya 2012 au sheria nyingine za Kenya.`,
    },
    products: {
      title: 'Bidhaa na bei',
      paragraphs: [
        'Bei ziko kwa shilingi za Kenya (Ksh) na zinajumuisha VAT pale inapohusika. Kila ukubwa wa kifurushi una bei yake, unayoiona kabla ya kukiweka kwenye kikapu. Picha zinaonyesha kifungashio cha bidhaa; kinachozingatiwa ni lebo iliyo kwenye mfuko au chupa utakayopokea.',
        'Tukikosea bei au maelezo ya bidhaa, tutakujulisha kabla ya kutuma chochote, na unaweza kughairi oda na kurudishiwa pesa zako zote.',
      ],
    },
    orders: {
      title: 'Oda',
      text: 'Oda yako inakubaliwa malipo yako yanapothibitishwa na tunapokutumia namba ya oda. Bidhaa ikikosekana stoo baada ya wewe kulipa, tutakupigia simu kukupa bidhaa nyingine badala yake au kukurudishia pesa za bidhaa hiyo.',
    },
    payment: {
      title: 'Malipo kwa M-Pesa',
      paragraphs: [
        'Unapolipia oda, tunatuma ombi la malipo kwa namba ya simu ya M-Pesa uliyotoa. Hakikisha kiasi cha pesa, kisha weka PIN yako ya M-Pesa kwenye simu yako mwenyewe ili kukubali malipo. Hatuombi PIN yako kamwe kwa simu, SMS au WhatsApp: yeyote anayeiomba si sisi.',
        'Kiasi cha kulipa kinahesabiwa na mfumo wetu kutoka kwenye kikapu chako (bidhaa pamoja na usafirishaji), hakiandikwi na mtu yeyote. Malipo kwa kadi bado hayapatikani.',
      ],
    },
    delivery: {
      title: 'Usafirishaji kote Kenya',
      paragraphs: [
        'Tunaleta mizigo katika kaunti zote 47. Gharama ya usafirishaji inategemea kaunti yako na uzito wa oda yako, na unaiona, pamoja na muda unaotarajiwa, kwenye ukurasa wa malipo kabla hujalipa. Oda nyingi zinafika Nairobi, Kiambu na kaunti za karibu ndani ya siku 1-3 za kazi, na sehemu nyingine za Kenya ndani ya siku 2-7 za kazi. Tunakupigia simu kabla ya kukuletea. Unaweza pia kuchukua oda yako bila malipo kwenye duka letu la Ruiru, au kwenye kimoja cha vituo vyetu vya kuchukulia mzigo (maduka ya agrovet na ofisi za courier) kwa gharama inayoonyeshwa unapolipia oda.',
        'Tafadhali kagua bidhaa zako zinapofika, na umwambie dereva na sisi mara moja kama mfuko umechanika au seal imevunjwa.',
      ],
    },
    returns: {
      title: 'Kurudisha bidhaa na kurudishiwa pesa',
      items: [
        'Bidhaa isiyo sahihi au iliyoharibika: tujulishe ndani ya saa 48 baada ya kuletewa (picha inasaidia), nasi tutaibadilisha au kukurudishia pesa zako zote, pamoja na gharama ya usafirishaji.',
        'Umebadilisha nia: unaweza kurudisha chakula cha mifugo na virutubisho ambavyo havijafunguliwa na viko katika hali nzuri ndani ya siku 7. Tunakurudishia bei ya bidhaa; gharama ya kuzirudisha ni yako.',
        'Kwa usalama wa mifugo yako, hatuwezi kupokea tena dawa za minyoo, dawa nyingine au kemikali zilizokwisha kufunguliwa, isipokuwa kama zilikuwa na kasoro.',
        'Pesa zinarudishwa kwa namba ya M-Pesa iliyolipa, ndani ya siku 7 baada ya sisi kukubali bidhaa uliyorudisha.',
      ],
    },
    safety: {
      title: 'Kutumia bidhaa zetu kwa usalama',
      text: 'Fuata vipimo vya kulisha, dozi na muda wa kusubiri (withdrawal period) ulioandikwa kwenye kila lebo: baada ya dawa fulani za minyoo, maziwa na nyama haviruhusiwi kuuzwa wala kuliwa kwa idadi ya siku iliyoandikwa. Weka kemikali mbali na watoto, chakula na maji. Mnyama akiwa mgonjwa, muone daktari wa mifugo. Hatuwajibiki kwa madhara yanayotokana na kutumia bidhaa kinyume na maelekezo ya lebo yake.',
    },
    account: {
      title: 'Akaunti yako',
      text: 'Huhitaji akaunti ili kuagiza. Ukifungua akaunti, weka nenosiri lako siri na utujulishe ukidhani mtu mwingine amelitumia. Soma jinsi tunavyoshughulikia taarifa zako katika',
      privacyLink: 'Sera yetu ya Faragha',
    },
    law: {
      title: 'Sheria na migogoro',
      text: 'Masharti haya yanaongozwa na sheria za Kenya. Kukitokea tatizo, wasiliana nasi kwanza: matatizo mengi hutatuliwa kwa simu moja tu. Tusipokubaliana, mahakama za Kenya ndizo zitaamua. Tunaweza kusasisha masharti haya; toleo lililo kwenye ukurasa huu wakati unaagiza ndilo linalotumika kwa oda hiyo.',
    },
  },
};
