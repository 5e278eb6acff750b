// The bare form's 0.5 KB loader: creates the cross-origin iframe at once, as Tender's loader should.
((w, d) => {
  var s = d.currentScript,
    origin = new URL(s.src).origin;
  w.BareLoader = {
    open: (ref) => {
      var f = d.createElement('iframe');
      f.src = origin + '/bare/frame.html?ref=' + encodeURIComponent(ref);
      f.title = 'Checkout';
      f.allow = 'payment';
      f.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;background:rgba(0,0,0,.4);z-index:2147483647';
      d.body.appendChild(f);
      return {
        close: () => {
          f.remove();
        },
      };
    },
  };
})(window, document);
