//! Adam over the network's parameters. The moments have the network's shape,
//! so they are stored as networks and checkpointed like weights.

use tavli_engine::network::{Gradient, Network};

pub struct Adam {
    pub lr: f32,
    pub beta1: f32,
    pub beta2: f32,
    pub eps: f32,
    pub step: u64,
    pub m: Network,
    pub v: Network,
}

impl Adam {
    pub fn new(net: &Network, lr: f32) -> Adam {
        let mut zero = net.clone();
        for p in zero.params_mut() {
            p.fill(0.0);
        }
        Adam { lr, beta1: 0.9, beta2: 0.999, eps: 1e-8, step: 0, m: zero.clone(), v: zero }
    }

    /// One update of `net` with the (already averaged) gradient `g`.
    pub fn update(&mut self, net: &mut Network, g: &Gradient) {
        self.step += 1;
        let t = self.step as i32;
        let c1 = 1.0 - self.beta1.powi(t);
        let c2 = 1.0 - self.beta2.powi(t);
        let step = self.lr * c2.sqrt() / c1;
        let (b1, b2, eps) = (self.beta1, self.beta2, self.eps);
        for (((w, m), v), g) in
            net.params_mut().into_iter().zip(self.m.params_mut()).zip(self.v.params_mut()).zip(g.parts())
        {
            for i in 0..w.len() {
                let gi = g[i];
                if gi == 0.0 && m[i] == 0.0 {
                    continue;
                }
                m[i] = b1 * m[i] + (1.0 - b1) * gi;
                v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
                w[i] -= step * m[i] / (v[i].sqrt() + eps);
            }
        }
    }
}
