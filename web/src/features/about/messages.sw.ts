import type { AboutMessages } from './messages';

export const about: AboutMessages = {
  title: 'Kuhusu Sisi',
  intro: (name: string, years: number) =>
    `${name} inatengeneza na kuuza chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP kwa wakulima wa Kenya. Timu yetu ina uzoefu wa zaidi ya miaka ${years} katika lishe ya mifugo, na tunaleta mizigo kote nchini.`,
  story: 'Historia yetu',
  timeline: [
    {
      title: 'Tulianzia Ruiru',
      text: "Mifugo Bora Feeds inafungua kibanda kidogo cha kuchanganya chakula pamoja na stoo kwenye Eastern Bypass, ikiwahudumia wafugaji wa ng'ombe wa maziwa karibu na Ruiru.",
    },
    {
      title: 'Bidhaa zetu za kwanza',
      text: 'Tunazindua dairy meal, kienyeji mash na layers mash zetu wenyewe, zilizotengenezwa kwa fomula zetu kutoka kwa mahindi, soya na madini ya hapa nchini.',
    },
    {
      title: 'Kiwanda chetu kikuu',
      text: 'Tunahamia kwenye kinu na ghala kubwa zaidi lenye maabara ya kupima ubora, ili kila kundi la chakula likaguliwe kabla ya kutoka kiwandani.',
    },
    {
      title: 'Chapa bora chipukizi ya chakula cha mifugo',
      text: 'Wakulima na sekta nzima wanatutambua kama chapa bora chipukizi ya chakula cha mifugo nchini Kenya.',
    },
    { title: 'Tunaanza kuuza nje ya nchi', text: 'Chakula chetu cha mifugo na virutubisho vinawafikia wakulima nchini Uganda na Tanzania.' },
    {
      title: 'Chakula kinachotunza mazingira na kuagiza mtandaoni',
      text: 'Tunaongeza aina ya chakula cha mifugo kinachotengenezwa kwa viambato vinavyotunza mazingira, na sasa wakulima wanaweza kuagiza mtandaoni na kulipa kwa M-Pesa.',
    },
  ],
  values: 'Maadili yetu',
  valueList: [
    { title: 'Ubora wa Hali ya Juu', text: 'Viambato vilivyopimwa, fomula zisizobadilika na mifuko mipya iliyofungwa vizuri: kila kundi, kila mara.' },
    {
      title: 'Ustawi wa Mifugo',
      text: 'Lishe kamili na bidhaa halisi za afya ya wanyama huweka mifugo na kuku wako wakiwa na afya na wakizalisha vizuri.',
    },
    { title: 'Mafanikio ya Mkulima', text: 'Maziwa zaidi, mayai zaidi na uzito bora kwa bei nzuri: ushauri wetu ni bure na wa kweli.' },
    {
      title: 'Huduma ya Kuaminika',
      text: 'Bidhaa zinapatikana, oda zinafika kwa wakati tulioahidi, na mtu halisi wa kuongea naye unapopiga simu.',
    },
  ],
  team: 'Timu yetu',
  people: {
    daniel: {
      role: 'Mwanzilishi na Mkurugenzi Mtendaji',
      bio: 'Mtaalamu wa sayansi ya mifugo aliyetumia miaka kumi kushauri vyama vya ushirika vya maziwa kabla ya kuanzisha Mifugo Bora.',
    },
    faith: {
      role: 'Mkuu wa Lishe',
      bio: 'Mtaalamu wa lishe ya mifugo anayebuni fomula zetu na kusimamia maabara ya kupima ubora.',
    },
    brian: {
      role: 'Kiongozi wa Huduma kwa Wateja na Usafirishaji',
      bio: 'Anahakikisha kila oda inafika shambani kwa wakati, kutoka Ruiru hadi Turkana.',
    },
  },
  ready: 'Uko tayari kulisha mifugo yako vizuri zaidi?',
  visitShop: 'Tembelea duka',
  contactUs: 'Wasiliana nasi',
};
