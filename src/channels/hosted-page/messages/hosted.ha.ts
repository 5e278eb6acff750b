/** The payment API's own hosted page, which offers every way the gateway takes. */
export default {
  tab: 'Wasu hanyoyin biya',
  name: 'Shafin biya',
  intro: 'Ku biya a amintaccen shafin abokin hulɗarmu na biya, da kowace hanya da yake bayarwa. Za ku dawo nan daga baya.',
  go: 'Ci gaba zuwa shafin biya',
};
