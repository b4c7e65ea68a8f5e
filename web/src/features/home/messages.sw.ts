import type { HomeMessages } from './messages';

export const home: HomeMessages = {
  heroTitle: 'Mifugo yenye afya, mavuno bora',
  heroText: (years: number) =>
    `Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP kwa wakulima wa Kenya. Uzoefu wa zaidi ya miaka ${years}, na tunaleta mzigo kote Kenya. Lipa na M-Pesa.`,
  shopNow: 'Nunua Sasa',

  categoriesBar: {
    label: 'Aina za bidhaa',
    toggle: 'Aina za Bidhaa',
    feeds: {
      title: 'Chakula cha Mifugo',
      all: 'Vyakula Vyote',
      dairyMeal: "Chakula cha Ng'ombe wa Maziwa",
      kienyejiMash: 'Chakula cha Kuku wa Kienyeji',
      layersMash: 'Chakula cha Kuku wa Mayai',
      chickFeeds: 'Chakula cha Vifaranga',
      broilerFeeds: 'Chakula cha Kuku wa Nyama',
      pigFeeds: 'Chakula cha Nguruwe',
    },
    dewormers: {
      title: 'Dawa za Minyoo',
      all: 'Dawa Zote za Minyoo',
      albendazole10: 'Albendazole ya 10%',
      albendazole25: 'Albendazole ya 2.5%',
    },
    supplements: {
      title: 'Virutubisho',
      all: 'Virutubisho Vyote',
      chemicals: 'Dawa na Kemikali',
      dcp: 'Dicalcium Phosphate (DCP)',
    },
    weight: {
      title: 'Kwa Uzito',
      kg10: 'Kilo 10',
      kg20: 'Kilo 20',
      kg70: 'Kilo 70',
      ml120: 'Mililita 120',
      litre1: 'Lita 1',
    },
    offers: {
      title: 'Ofa Maalum',
      bulk: 'Ofa za Jumla',
      seasonal: 'Ofa za Msimu',
      newArrivals: 'Bidhaa Mpya',
    },
  },

  newProducts: 'Bidhaa Mpya',
  viewAll: 'Ona Zote',
  newProductsLoading: 'Bidhaa mpya zinafunguka',
  newProductsFailed: 'Hatukuweza kufungua bidhaa mpya.',
  newProductsNone: 'Bidhaa mpya ziko njiani. Kwa sasa, tembelea duka.',
  collection: 'Bidhaa Tunazopendekeza',
  viewMore: 'Ona Zaidi',
  collectionFailed: 'Hatukuweza kufungua bidhaa tunazopendekeza.',

  featured: {
    title: 'Bidhaa Maalum',
    loading: 'Bidhaa maalum inafunguka',
    failed: 'Hatukuweza kufungua bidhaa maalum.',
    none: 'Hakuna bidhaa maalum kwa sasa.',
    browse: 'Tembelea duka',
    categories: 'Aina',
    checkout: 'Kamilisha Oda',
  },

  testimonials: {
    title: 'Wakulima Wanasemaje',
    label: 'Shuhuda za wakulima',
    quotes: {
      grace:
        "Tangu nianze kutumia High Yield Dairy Meal, ng'ombe wangu wawili wa Friesian wanatoa karibu lita nne zaidi kila siku. Magunia huwa mapya kila mara na mzigo hufika Githunguri haraka.",
      peter:
        'Kuku wangu wa kienyeji wanakua sawasawa na wanaanza kutaga mapema. Naagiza kwa simu na kulipa na M-Pesa; chakula kinanifikia ndani ya siku mbili.',
      mary: 'Albendazole 10% inafanya kazi vizuri kwa mbuzi wangu wa maziwa, na maelekezo ya dozi kwenye chupa ni wazi. Sasa nawapa dawa ya minyoo mifugo wote kila baada ya miezi mitatu.',
      james:
        'Layers mash nzuri kwa bei nafuu. Mayai yaliongezeka ndani ya wiki tatu na maganda ni magumu zaidi. Timu yao ilijibu maswali yangu kwenye WhatsApp.',
      esther:
        "Mineral premix ilisaidia ng'ombe wangu kuvuka kiangazi. Napenda kwamba naona bei ya kila ukubwa wa gunia kabla ya kuagiza.",
      samuel:
        'Nafuga nguruwe wachache na grower-finisher meal inawaongezea uzito kwa kasi nzuri. Kuagiza kwa jumla kuliniokolea pesa.',
    },
    bought: {
      grace: 'Dairy Meal ya Maziwa Mengi, kilo 70',
      peter: 'Growers Mash ya Kuku wa Kienyeji, kilo 20',
      mary: 'Albendazole 10% Dawa ya Minyoo ya Kunywesha, lita 1',
      james: 'Layers Mash Premium ya Kuku wa Mayai, kilo 70',
      esther: "Madini ya Ng'ombe wa Maziwa, kilo 1",
      samuel: 'Chakula cha Nguruwe Wanaokua na Kunenepeshwa, kilo 70',
    },
  },

  whyUs: (name: string) => `Kwa nini wakulima huchagua ${name}`,
  strengths: {
    quality: {
      title: 'Ubora unaoweza kuamini',
      text: 'Chakula chenye lishe kamili na dawa halisi za mifugo, zinazotengenezwa na kuhifadhiwa vizuri ili zisipoteze nguvu.',
    },
    experience: {
      title: (years: number) => `Uzoefu wa zaidi ya miaka ${years}`,
      text: "Timu yetu inajua ufugaji wa ng'ombe wa maziwa, kuku na nguruwe hapa Kenya, na inatoa ushauri wa kweli kuhusu ulishaji.",
    },
    delivery: {
      title: 'Tunaleta kote Kenya',
      text: 'Tunaleta mzigo kaunti zote 47, bei kulingana na kaunti na uzito, au uchukue bure kwenye duka letu la Ruiru au kwa agrovet iliyo karibu nawe.',
    },
    mpesa: {
      title: 'Lipa na M-Pesa',
      text: 'Agiza kwa simu yako na ulipe na M-Pesa kwa sekunde chache. Tunathibitisha kila malipo papo hapo.',
    },
  },
  visitUs: 'Tembelea duka letu Ruiru',
  address: 'Anwani',
  hours: 'Saa za kazi',
  callUs: 'Tupigie simu',
  chat: 'Ongea nasi kwenye WhatsApp',
};
